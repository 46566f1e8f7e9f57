-- Issue 24 (decision 38): each user's colour mode, remembered on the server. Null until the user picks
-- one: the spec's rule then applies (dark only for Application.SysAdmin on a dark system).
ALTER TABLE "users" ADD COLUMN "colour_mode" varchar(6);
ALTER TABLE "users" ADD CONSTRAINT "users_colour_mode_known" CHECK ("colour_mode" in ('light', 'dark', 'system'));

-- Issue 24 (decision 39): the maintenance message is written in the notifications' Markdown from now on.
-- A message saved as HTML before becomes its text: paragraph and line breaks kept, tags dropped and the
-- five entities HTML escapes turned back into characters.
UPDATE "app_config"
SET "value" = replace(replace(replace(replace(replace(
      btrim(regexp_replace(regexp_replace(regexp_replace("value",
        '<br\s*/?>', E'\n', 'gi'),
        '</p>\s*', E'\n\n', 'gi'),
        '<[^>]*>', '', 'g'), E' \n'),
      '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
WHERE "key" = 'ApplicationOfflineMessage' AND "value" ~ '<[a-zA-Z/]';
