import { test as plain, type Page } from '@playwright/test';
import { builtPages, onePageOfEachType } from '../support/dist';
import { expect, test } from './fixtures';

/*
 * Accessibility beyond axe. From the built files, on every page: headings
 * that form an outline and a skip link that is the first stop of the keyboard.
 * In Chromium, on one page of every type: the keyboard alone reaches every
 * control with a visible focus and leaves no trap; 200% zoom and a 320 px
 * screen lose no content; reduced motion stops the hero video and animations;
 * forced colours keep every control visible.
 */

const pages = builtPages();
const samples = onePageOfEachType();

plain.describe('every page, from the built files', () => {
  plain('headings form an outline: one h1 first, and no level skipped on the way down', () => {
    const problems = pages.flatMap((built) => {
      const levels = built.document
        .querySelectorAll('h1, h2, h3, h4, h5, h6')
        .map((heading) => Number(heading.tagName.slice(1)));
      const found: string[] = [];
      if (levels[0] !== 1) found.push(`starts with h${levels[0]}`);
      levels.forEach((level, index) => {
        if (index > 0 && level > levels[index - 1]! + 1) found.push(`h${levels[index - 1]} is followed by h${level}`);
      });
      return found.map((problem) => `${built.path}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  plain('the first stop of the keyboard is a skip link to the main content, which can take focus', () => {
    const problems = pages.flatMap((built) => {
      const first = built.document.querySelector(
        'body a[href], body button, body input, body select, body textarea, body summary, body [tabindex]:not([tabindex="-1"])',
      );
      const main = built.document.querySelector('main');
      const found: string[] = [];
      if (first?.getAttribute('href') !== '#main' || !first.classList.contains('skip-link'))
        found.push(`first focusable is ${first?.outerHTML.slice(0, 80)}`);
      if (main?.id !== 'main' || main.getAttribute('tabindex') !== '-1')
        found.push('<main> is not #main with tabindex="-1"');
      return found.map((problem) => `${built.path}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });
});

interface Stop {
  /** Where the focus is: a short description for messages. */
  label: string;
  order: number;
  inFooter: boolean;
  inMain: boolean;
  isSkipLink: boolean;
  isBody: boolean;
  /** The focus shows: an outline, or a change of box shadow, border, background, colour or underline, on the control or a box around it. */
  indicated: boolean;
  /** The focused control is in the viewport and not covered (by the sticky header, say). */
  inView: boolean;
}

/**
 * Notes how every focusable element looks unfocused, and installs
 * `window.qdStop()`, which describes the element that has the focus now.
 */
function watchFocus(page: Page) {
  return page.evaluate(() => {
    const look = (element: Element) =>
      [null, '::before', '::after']
        .map((pseudo) => {
          const style = getComputedStyle(element, pseudo);
          return [
            style.outlineStyle,
            style.outlineWidth,
            style.outlineColor,
            style.boxShadow,
            style.borderTopColor,
            style.borderBottomColor,
            style.borderBottomWidth,
            style.backgroundColor,
            style.color,
            style.textDecorationLine,
          ].join(' ');
        })
        .join('|');
    const focusables = [
      ...document.querySelectorAll('a[href], button, input, select, textarea, summary, iframe, [tabindex]'),
    ];
    // A control may show its focus on a box around it (a card outlined through :has(:focus-visible)).
    const boxes = (element: Element) => {
      const chain: Element[] = [element];
      for (
        let ancestor = element.parentElement;
        ancestor && chain.length < 5 && ancestor !== document.body;
        ancestor = ancestor.parentElement
      )
        chain.push(ancestor);
      return chain;
    };
    const unfocused = new Map(focusables.flatMap(boxes).map((element) => [element, look(element)]));
    const order = new Map(focusables.map((element, index) => [element, index]));
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    (window as unknown as { qdStop: () => Promise<Stop> }).qdStop = async () => {
      const element = document.activeElement;
      if (!element || element === document.body || element === document.documentElement) {
        return {
          label: 'the document',
          order: -1,
          inFooter: false,
          inMain: false,
          isSkipLink: false,
          isBody: true,
          indicated: true,
          inView: true,
        };
      }
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const measure = () => {
        const style = getComputedStyle(element);
        const outlined =
          style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
        const box = element.getBoundingClientRect();
        // The middle of the part in the viewport: a control the browser scrolled only partly into view still counts.
        const [top, bottom] = [Math.max(box.top, 0), Math.min(box.bottom, innerHeight)];
        const [left, right] = [Math.max(box.left, 0), Math.min(box.right, innerWidth)];
        const hit =
          bottom > top && right > left ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
        return {
          indicated: outlined || boxes(element).some((candidate) => look(candidate) !== unfocused.get(candidate)),
          inView: hit !== null && (hit === element || element.contains(hit) || hit.contains(element)),
        };
      };
      // Right after a key press the focus styles may be a frame behind (seen with the skip link, still at its
      // unfocused place): judge the settled page, giving up after about a third of a second.
      let seen = measure();
      for (let attempt = 0; attempt < 20 && !(seen.inView && seen.indicated); attempt += 1) {
        await frame();
        seen = measure();
      }
      return {
        label: `<${element.tagName.toLowerCase()}> "${
          (element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('aria-label') || ''
        }"`,
        order: order.get(element) ?? -2,
        inFooter: Boolean(element.closest('footer')),
        inMain: Boolean(element.closest('main')),
        isSkipLink: element.classList.contains('skip-link'),
        isBody: false,
        ...seen,
      };
    };
    return focusables.length;
  });
}

const focusStop = (page: Page) => page.evaluate(() => (window as unknown as { qdStop: () => Promise<Stop> }).qdStop());

test.describe('by keyboard alone', () => {
  for (const path of samples) {
    test(`${path}: Tab reaches every control with a visible focus, the skip link works, and there is no trap`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // Smooth scrolling ends where an instant scroll does, but the check would race its animation.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      const total = await watchFocus(page);
      const stop = () => focusStop(page);

      const visited: Stop[] = [];
      let wrapped = false;
      for (let step = 0; step < total + 5; step += 1) {
        await page.keyboard.press('Tab');
        const current = await stop();
        if (current.isBody || (visited.length > 0 && current.order === visited[0]!.order)) {
          wrapped = true;
          break;
        }
        expect(
          visited.map((seen) => seen.order),
          `${current.label} is reached twice before the end of the page: a trap`,
        ).not.toContain(current.order);
        visited.push(current);
      }
      expect(wrapped, `Tab never left the page after ${visited.length} stops, last at ${visited.at(-1)?.label}`).toBe(
        true,
      );
      expect(visited[0]?.isSkipLink, 'the first Tab reaches the skip link').toBe(true);
      expect(visited.at(-1)?.inFooter, `the last stop is in the footer, not ${visited.at(-1)?.label}`).toBe(true);
      expect(
        visited.filter((seen) => !seen.indicated).map((seen) => seen.label),
        'controls without a visible focus',
      ).toEqual([]);
      expect(
        visited.filter((seen) => !seen.inView).map((seen) => seen.label),
        'focused controls out of view or covered',
      ).toEqual([]);

      // The skip link: from the top of the page, Enter moves focus to the main content, and Tab goes on from there.
      await page.goto(path);
      await watchFocus(page);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      await page.keyboard.press('Tab');
      const next = await stop();
      expect(next.inMain || next.inFooter, `after the skip link Tab went to ${next.label}`).toBe(true);
    });
  }

  test('the narrow menu opens from the keyboard and Tab goes on through it and out to the page', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const toggle = page.locator('[data-narrow-menu] summary');
    await toggle.focus();
    await page.keyboard.press('Enter');
    // Open, and said to be open once the menu has hydrated, even when Enter came first.
    await expect(page.locator('[data-narrow-menu]')).toHaveAttribute('open', '');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => Boolean(document.activeElement?.closest('main')))) return;
    }
    throw new Error('Tab did not leave the open narrow menu for the page');
  });
});

/** Content a visitor cannot reach: beyond the viewport's sides with no sideways scrolling, or cut off by its box. */
function lostContent(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    const describe = (element: Element) => {
      const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `<${element.tagName.toLowerCase()}${className ? ` class="${className}"` : ''}> "${text}"`;
    };
    const scrollsItself = (element: Element) => {
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(ancestor).overflowX)) return true;
      }
      return false;
    };
    for (const element of document.querySelectorAll('body *')) {
      if (
        element.closest(
          '[aria-hidden="true"], .visually-hidden, [hidden], template, script, style, noscript, dialog:not([open]), .skip-link',
        )
      )
        continue;
      if (element.closest('details:not([open])') && !element.closest('summary')) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
      // Text kept for screen readers only (clipped to nothing on purpose, like .visually-hidden) is not lost content.
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const ownContent =
        [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '') ||
        element.matches('img, svg, video, input, select, textarea, button, math');
      if (ownContent && !scrollsItself(element) && (box.right > width + 1 || box.left < -1))
        problems.push(
          `${describe(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px of ${width} px`,
        );
      if (
        /(hidden|clip)/.test(style.overflowX) &&
        element.scrollWidth > element.clientWidth + 1 &&
        (element.textContent ?? '').trim() !== ''
      ) {
        problems.push(
          `${describe(element)} cuts off its content: ${element.scrollWidth} px in ${element.clientWidth} px`,
        );
      }
    }
    return problems;
  });
}

/** Animations still moving: anything running longer than a blink, or forever. */
function movingAnimations(page: Page) {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .filter((animation) => {
        const timing = animation.effect?.getComputedTiming();
        return timing !== undefined && (timing.iterations === Infinity || Number(timing.duration) > 50);
      })
      .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.tagName ?? 'an animation'),
  );
}

test.describe('with prefers-reduced-motion: reduce', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the hero video loads no source and stays still, with no pause control', async ({ page }) => {
    const media: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'media') media.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const video = await page.locator('video').evaluate((element: HTMLVideoElement) => ({
      source: element.currentSrc,
      paused: element.paused,
      autoplay: element.autoplay,
    }));
    expect(video.source).toBe('');
    expect(video.paused).toBe(true);
    expect(media).toEqual([]);
    await expect(page.getByRole('button', { name: /background video/ })).toBeHidden();
  });
});

test('without the reduced-motion preference the hero video plays (so the checks above can fail)', async ({ page }) => {
  await page.goto('/');
  await expect
    .poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentSrc))
    .toMatch(/\/video\/hero\.(webm|mp4)$/);
});

/** Controls that show neither text nor a border: in forced colours their backgrounds are gone, so nothing would show them. */
function controlsWithoutTextOrBorder(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'a[href], button, summary, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])',
      ),
    ]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || control.closest('[hidden]'))
          return false;
        if (control.closest('details:not([open])') && !control.closest('summary')) return false;
        if (control.matches('.skip-link, main')) return false;
        const text =
          (control as HTMLElement).innerText.trim() ||
          (control as HTMLInputElement).value ||
          (control as HTMLInputElement).placeholder ||
          '';
        const bordered = ['top', 'right', 'bottom', 'left'].some(
          (side) =>
            parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0 &&
            !/none|hidden/.test(style.getPropertyValue(`border-${side}-style`)),
        );
        return !(text !== '' && parseFloat(style.fontSize) > 0) && !bordered;
      })
      .map((control) => control.outerHTML.slice(0, 120)),
  );
}

test.describe('one page of every type', () => {
  for (const path of samples) {
    test(`${path} reflows at 200% zoom and 320 px, calms down with reduced motion and keeps its controls in forced colours`, async ({
      page,
    }) => {
      // 200% zoom of a 1280 × 900 window lays the page out in 640 × 450 CSS pixels; WCAG's reflow width is 320.
      for (const viewport of [
        { width: 640, height: 450 },
        { width: 320, height: 640 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        expect(await lostContent(page), `content lost at ${viewport.width} px`).toEqual([]);
      }

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      expect(await movingAnimations(page), 'animations with reduced motion').toEqual([]);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
      await page.emulateMedia({ reducedMotion: null });

      await page.emulateMedia({ forcedColors: 'active' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        expect(
          await controlsWithoutTextOrBorder(page),
          `controls without text or border in forced colours at ${width} px`,
        ).toEqual([]);
      }
    });
  }
});
