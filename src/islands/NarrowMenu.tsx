import { useEffect, useRef, useState } from 'react';
import type { NavLink } from '../navigation';
import type { ContactWays } from '../lib/form-flow';
import { firstUseReady } from '../lib/first-use';
import IslandErrorBoundary from './IslandErrorBoundary';
import styles from './NarrowMenu.module.css';

/*
 * The menu of narrow screens. Server-rendered as <details>, so it opens and
 * closes without JavaScript; hydrated on the first click of its toggle
 * (client:first-use), which opens it at once while the script loads. Once
 * hydrated, a link click, Escape or a click outside closes it, and the toggle
 * says its state with aria-expanded and aria-controls. Until then (a moment
 * after the first tap on a slow connection) it is the browser's own
 * disclosure: the toggle closes it, and the browser tells assistive technology
 * whether it is open.
 */

interface Props {
  links: readonly NavLink[];
  /** The href of the current page's menu entry, if any. */
  current?: string | undefined;
  callbackHref: string;
  callbackService?: string | undefined;
  /** The company's other ways in, offered should the menu break. */
  ways: ContactWays;
}

const listId = 'narrow-menu-list';

/** The element whose first click hydrates the menu (SiteHeader.astro: client:first-use). */
export const MENU_TOGGLE = '[data-narrow-menu] > summary';

/** The toggle's two faces: a hamburger while the menu is closed, a cross while it is open (the CSS shows one). */
const toggleIcons = (
  <>
    <svg className={styles.hamburger} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
    <svg className={styles.cross} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  </>
);

/** The island: the menu, and in its panel the company's other ways in should it break. */
export default function GuardedNarrowMenu(props: Props) {
  return (
    <IslandErrorBoundary
      ways={props.ways}
      // The toolbar keeps its shape: the other ways in fill the menu's panel, open (the menu wakes on the tap that
      // opened it), which the browser's own <details> then closes and opens.
      placeOtherWays={(otherWays) => (
        <details className={styles.menu} open>
          <summary className={styles.toggle} aria-label="Menu">
            {toggleIcons}
          </summary>
          <div className={`${styles.panel} ${styles.list}`}>{otherWays}</div>
        </details>
      )}
    >
      <NarrowMenu {...props} />
    </IslandErrorBoundary>
  );
}

function NarrowMenu({ links, current, callbackHref, callbackService }: Props) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    firstUseReady(MENU_TOGGLE);
    // A visitor may open the server-rendered <details> before hydration ends: take over its state.
    if (details.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      summary.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !details.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <details
      ref={details}
      className={styles.menu}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-narrow-menu
    >
      <summary
        ref={summary}
        className={styles.toggle}
        aria-label="Menu"
        {...(hydrated ? { 'aria-expanded': open, 'aria-controls': listId } : {})}
      >
        {toggleIcons}
      </summary>
      <nav id={listId} className={styles.panel} aria-label="Main">
        <ul className={styles.list}>
          {links.map((link) => (
            <li key={link.href}>
              <a
                className={styles.link}
                href={link.href}
                aria-current={link.href === current ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </a>
            </li>
          ))}
          <li className={styles.callback}>
            <a
              className={styles.link}
              href={callbackHref}
              data-callback-trigger
              data-service={callbackService}
              onClick={() => setOpen(false)}
            >
              Request a callback
            </a>
          </li>
        </ul>
      </nav>
    </details>
  );
}
