import discover from '../assets/art/stage-discover.svg';
import pilot from '../assets/art/stage-pilot.svg';
import launch from '../assets/art/stage-launch.svg';
import boost from '../assets/art/stage-boost.svg';

/** The four stages of working with us: shown on the home page and on What we do. */
export const stages = [
  {
    name: 'Discover',
    image: discover,
    summary: 'We listen first: your customers, your numbers and what you have tried, until the real problem is clear.',
    offer:
      'A short paid discovery: interviews with you and a few of your customers, a look at your analytics ' +
      'and competitors, and a written plan with a fixed quote for the first release.',
  },
  {
    name: 'Pilot',
    image: pilot,
    summary:
      'A small, working version in front of real users within weeks, so decisions rest on evidence, not guesses.',
    offer:
      'A clickable prototype or a small working product, tested with real users. You see progress every ' +
      'week and can change direction before the big spend.',
  },
  {
    name: 'Launch',
    image: launch,
    summary:
      'The full product, built, tested on real phones and networks, and released with hosting, backups and monitoring in place.',
    offer:
      'Design, development, testing on low-end phones and slow networks, hosting, SSL and backups, app ' +
      'store release and a hand-over your team can work with.',
  },
  {
    name: 'Boost',
    image: boost,
    summary: 'After launch we stay: measuring, fixing and improving what brings you customers.',
    offer:
      'Search engine optimisation, newsletters, maintenance and support plans that keep the product fast, ' +
      'safe and growing month after month.',
  },
] as const;
