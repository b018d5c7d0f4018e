/**
 * The four stages of working with us: shown on the home page and on What we do. Each one's picture is the view of
 * that name in src/assets/art/stages.svg (drawn by scripts/make-art.mjs).
 */
export const stages = [
  {
    name: 'Discover',
    view: 'discover',
    summary: 'We listen first: your customers, your numbers and what you have tried, until the real problem is clear.',
    offer:
      'A short paid discovery: interviews with you and a few of your customers, a look at your analytics ' +
      'and competitors, and a written plan with a fixed quote for the first release.',
  },
  {
    name: 'Pilot',
    view: 'pilot',
    summary:
      'A small, working version in front of real users within weeks, so decisions rest on evidence, not guesses.',
    offer:
      'A clickable prototype or a small working product, tested with real users. You see progress every ' +
      'week and can change direction before the big spend.',
  },
  {
    name: 'Launch',
    view: 'launch',
    summary:
      'The full product, built, tested on real phones and networks, and released with hosting, backups and monitoring in place.',
    offer:
      'Design, development, testing on low-end phones and slow networks, hosting, SSL and backups, app ' +
      'store release and a hand-over your team can work with.',
  },
  {
    name: 'Boost',
    view: 'boost',
    summary: 'After launch we stay: measuring, fixing and improving what brings you customers.',
    offer:
      'Search engine optimisation, newsletters, maintenance and support plans that keep the product fast, ' +
      'safe and growing month after month.',
  },
] as const;
