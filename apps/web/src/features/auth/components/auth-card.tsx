import { IconTopologyStar3 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { brandLogo } from '@/lib/branding.ts';
import { storedColorScheme } from '@/lib/color-scheme.ts';
import classes from './auth.module.css';

/**
 * The card every sign-in style page sits in: brand mark (the branded logo when there is one), title, subtitle,
 * then the form. Plain elements styled by the theme's CSS variables, so the sign-in page loads none of Mantine's
 * components.
 */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const logo = brandLogo(storedColorScheme());
  return (
    <section className={classes.card}>
      <div className={classes.head}>
        {logo ? (
          <img src={logo} alt="" className={classes.logo} />
        ) : (
          <span className={classes.mark} aria-hidden>
            <IconTopologyStar3 size={28} stroke={1.6} />
          </span>
        )}
        <h1 className={classes.title}>{title}</h1>
        {subtitle ? <p className={classes.subtitle}>{subtitle}</p> : null}
      </div>
      {children}
    </section>
  );
}
