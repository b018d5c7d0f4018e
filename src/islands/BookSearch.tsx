import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { firstUseReady, takeFirstUse } from '../lib/first-use';
import type { ContactWays } from '../lib/form-flow';
import IslandErrorBoundary from './IslandErrorBoundary';
import styles from './BookSearch.module.css';

export const SEARCH = '[data-book-search]';

/*
 * Search across the textbooks and their chapters, with no server: the index
 * that Pagefind built into /pagefind is fetched only when a visitor starts a
 * search. Results update as the visitor types, after a short pause. The field is uncontrolled, so what is typed before the island wakes
 * (client:first-use) is kept.
 */

interface Hit {
  url: string;
  title: string;
  excerpt: string;
}

interface Pagefind {
  search(
    query: string,
  ): Promise<{ results: { data(): Promise<{ url: string; meta: { title?: string }; excerpt: string }> }[] }>;
}

let engine: Promise<Pagefind> | undefined;
function loadEngine(): Promise<Pagefind> {
  const url = '/pagefind/pagefind.js';
  engine ??= import(/* @vite-ignore */ url) as Promise<Pagefind>;
  return engine;
}

interface Props {
  /** The company's other ways in, offered should the search break. */
  ways: ContactWays;
}

/** The island: the search, and in its place the company's other ways in should it break. */
export default function GuardedBookSearch(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways}>
      <BookSearch />
    </IslandErrorBoundary>
  );
}

function BookSearch() {
  const field = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [status, setStatus] = useState('');
  const inputId = useId();

  // Waking on focus: start fetching the index at once, so the first search is quick.
  useEffect(() => {
    void loadEngine().catch(() => undefined);
    firstUseReady(SEARCH);
    // A search started (the button, or Enter in the field) before the island was ready: run it now.
    if (takeFirstUse(SEARCH)) form.current?.requestSubmit();
  }, []);

  // Each search is numbered, so an answer that arrives after a newer search started is dropped.
  const latest = useRef(0);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  const search = async (query: string) => {
    const ticket = ++latest.current;
    setStatus('Searching…');
    try {
      const found = await (await loadEngine()).search(query);
      const top = await Promise.all(found.results.slice(0, 10).map((result) => result.data()));
      if (ticket !== latest.current) return;
      setHits(
        top.map((data) => ({
          url: data.url.replace(/\.html$/, ''),
          title: data.meta.title ?? data.url,
          excerpt: data.excerpt,
        })),
      );
      setStatus(
        found.results.length === 0
          ? `Nothing found for “${query}”.`
          : `${found.results.length} ${found.results.length === 1 ? 'result' : 'results'} for “${query}”` +
              `${found.results.length > 10 ? ', the first 10 shown' : ''}.`,
      );
    } catch {
      if (ticket !== latest.current) return;
      setHits(null);
      setStatus('The search could not load. Check your connection and try again.');
    }
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    clearTimeout(typing.current);
    const query = field.current?.value.trim() ?? '';
    if (!query) {
      latest.current += 1;
      setStatus('Type a word to search for, like “Kirchhoff”.');
      setHits(null);
      return;
    }
    void search(query);
  };

  // Results follow the typing, once the visitor pauses for a moment (not on every key).
  const onInput = () => {
    clearTimeout(typing.current);
    const query = field.current?.value.trim() ?? '';
    if (query.length < 2) {
      latest.current += 1;
      setHits(null);
      setStatus('');
      return;
    }
    typing.current = setTimeout(() => void search(query), 300);
  };

  return (
    <search className={styles.search} data-book-search>
      <form ref={form} onSubmit={onSubmit}>
        <label htmlFor={inputId} className={styles.label}>
          Search the textbooks
        </label>
        <div className={styles.row}>
          <input
            ref={field}
            id={inputId}
            name="q"
            type="search"
            className={styles.input}
            autoComplete="off"
            enterKeyHint="search"
            onInput={onInput}
          />
          <button type="submit" className={styles.button}>
            Search
          </button>
        </div>
      </form>
      <p className={styles.status} role="status">
        {status}
      </p>
      {hits && hits.length > 0 && (
        <ol className={styles.hits}>
          {hits.map((hit) => (
            <li key={hit.url}>
              <a href={hit.url}>{hit.title}</a>
              {/* Pagefind's excerpt is escaped text with <mark> around the matches. */}
              <p dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
            </li>
          ))}
        </ol>
      )}
    </search>
  );
}
