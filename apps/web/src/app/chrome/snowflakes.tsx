import { SNOWFLAKE_COUNT } from '@client-portal/contract';
import { useAppConfig } from '../../lib/app-config-context';
import { winterDecorationOn } from '../../lib/offline-schedule';
import classes from './snowflakes.module.css';

/** Spread the flakes evenly but not in step: fixed numbers keep renders and tests deterministic. */
const flakes = Array.from({ length: SNOWFLAKE_COUNT }, (_, i) => ({
  left: `${(i * 53) % 100}%`,
  size: `${0.7 + ((i * 7) % 5) * 0.15}rem`,
  duration: `${8 + ((i * 3) % 7)}s`,
  delay: `${-((i * 11) % 13)}s`,
}));

/** Winter decoration: 20 snowflakes drifting down the navbar once WinterDecorationDate is reached. */
export function Snowflakes() {
  const { entries } = useAppConfig().config;
  if (!winterDecorationOn(entries, Date.now())) return null;
  return (
    <div className={classes.field} aria-hidden="true" data-testid="snowflakes">
      {flakes.map((flake) => (
        <span
          key={flake.left}
          className={classes.flake}
          data-snowflake=""
          style={{
            left: flake.left,
            fontSize: flake.size,
            animationDuration: flake.duration,
            animationDelay: flake.delay,
          }}
        >
          ❄
        </span>
      ))}
    </div>
  );
}
