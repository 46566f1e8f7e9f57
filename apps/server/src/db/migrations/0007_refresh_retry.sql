-- A retry of the refresh just made (two browser tabs at once, a lost answer) gets the same new pair
-- within a short grace window (docs/decisions: refresh grace window). The used token keeps the hash of
-- the token that replaced it and, sealed with the server's key, the answer it was exchanged for.
alter table refresh_tokens add column successor_hash text;
alter table refresh_tokens add column retry_answer text;
