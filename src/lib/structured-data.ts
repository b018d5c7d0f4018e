/*
 * schema.org objects for the pages' JSON-LD. Plain data in, plain objects out,
 * so they can be unit-tested and reused by every page that needs them.
 */

interface Organisation {
  name: string;
  email: string;
  phone: string;
  foundedYear: number;
  address: { street: string; locality: string; city: string; region: string; postalCode: string; country: string };
  social: readonly { url: string }[];
}

export function organisationJsonLd(site: Organisation, siteUrl: URL | string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': new URL('/#organisation', siteUrl).href,
    name: site.name,
    url: new URL('/', siteUrl).href,
    logo: new URL('/favicon.svg', siteUrl).href,
    email: site.email,
    telephone: site.phone,
    foundingDate: String(site.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    ...(site.social.length > 0 ? { sameAs: site.social.map((link) => link.url) } : {}),
  };
}

interface ServiceData {
  title: string;
  description: string;
  category: string;
  url: string;
  pricePeriod?: string | undefined;
  packages: readonly { name: string; description: string; price: number }[];
}

export function serviceJsonLd(service: ServiceData, site: { name: string; taxNote: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.title,
    description: service.description,
    serviceType: service.category,
    url: service.url,
    areaServed: { '@type': 'Country', name: 'India' },
    provider: { '@type': 'Organization', name: site.name },
    offers: service.packages.map((pkg) => ({
      '@type': 'Offer',
      name: pkg.name,
      description: pkg.description,
      price: pkg.price,
      priceCurrency: 'INR',
      // Whether GST is included is the company's word, so the note is given as it is shown on the page.
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: pkg.price,
        priceCurrency: 'INR',
        description: site.taxNote,
        ...(service.pricePeriod ? { unitText: service.pricePeriod } : {}),
      },
      url: `${service.url}#packages`,
    })),
  };
}

interface AppData {
  title: string;
  summary: string;
  appId: string;
  score?: number | undefined;
  ratingCount?: number | undefined;
  playstoreUrl?: string | undefined;
}

export function appJsonLd(app: AppData, pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: app.title,
    description: app.summary,
    identifier: app.appId,
    applicationCategory: 'EducationalApplication',
    operatingSystem: 'Android',
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'INR' },
    ...(app.playstoreUrl ? { downloadUrl: app.playstoreUrl, installUrl: app.playstoreUrl } : {}),
    ...(app.score !== undefined && app.ratingCount !== undefined
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: app.score,
            ratingCount: app.ratingCount,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
    url: pageUrl,
  };
}

interface BookData {
  name: string;
  description: string;
  url: string;
  units: readonly { title: string }[];
  chapters?: readonly { name: string; url: string }[];
}

export function bookJsonLd(book: BookData, site: { name: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Book',
    '@id': book.url,
    name: book.name,
    description: book.description,
    url: book.url,
    inLanguage: 'en-IN',
    isAccessibleForFree: true,
    bookFormat: 'https://schema.org/EBook',
    publisher: { '@type': 'Organization', name: site.name },
    hasPart: (book.chapters ?? []).map((chapter, index) => ({
      '@type': 'Chapter',
      position: index + 1,
      name: chapter.name,
      url: chapter.url,
    })),
  };
}

interface ChapterData {
  name: string;
  description: string;
  url: string;
  position: number;
  book: { name: string; url: string };
}

export function chapterJsonLd(chapter: ChapterData, site: { name: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Chapter',
    name: chapter.name,
    description: chapter.description,
    url: chapter.url,
    position: chapter.position,
    inLanguage: 'en-IN',
    isAccessibleForFree: true,
    isPartOf: { '@type': 'Book', '@id': chapter.book.url, name: chapter.book.name, url: chapter.book.url },
    publisher: { '@type': 'Organization', name: site.name },
  };
}
