/** One link of a menu. */
export interface NavLink {
  label: string;
  href: string;
}

/** The main menu: the toolbar, the narrow dropdown and the footer all render this list. */
export const mainMenu: readonly NavLink[] = [
  { label: 'What we do', href: '/what-we-do' },
  { label: 'Our work', href: '/work' },
  { label: 'Services', href: '/our-services' },
  { label: 'Expertise', href: '/expertise' },
  { label: 'Our story', href: '/our-story' },
  { label: 'Join us', href: '/join-us' },
  { label: 'Contact us', href: '/contact-us' },
];

/** The footer's second group: what the company offers students. */
export const learningMenu: readonly NavLink[] = [
  { label: 'Free apps', href: '/apps' },
  { label: 'Textbooks', href: '/books' },
  { label: 'About us', href: '/about-us' },
];

/** The four policies and the page about a person's own data, in the footer of every page. */
export const policyMenu: readonly NavLink[] = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms and Conditions', href: '/terms-and-conditions' },
  { label: 'Refunds and Cancellations', href: '/refunds-and-cancellations' },
  { label: 'Shipping Policy', href: '/shipping-policy' },
  { label: 'Your data', href: '/your-data' },
];

/** Whether a menu link is the current page or one of its sub-pages. */
export function isCurrent(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
