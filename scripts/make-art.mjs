#!/usr/bin/env node
/*
 * Draws the site's vector artwork in the brand palette (plain shapes: no text, fonts, raster or scripts): each
 * service's banner and card (src/assets/services/<slug>/), the page illustrations (src/assets/art/) and the
 * favicon. `node scripts/make-art.mjs`; `--png` also renders the touch icon and og-image with sharp.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const N = '#14213d',
  T = '#0f766e',
  S = '#f4a261',
  C = '#e76f51',
  D = '#f1e9da',
  K = '#a8dadc',
  P = '#fbfaf7',
  W = '#fff';

const svg = (w, h, title, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${title}</title>${body}</svg>\n`;

/* small helpers ---------------------------------------------------------- */
const r1 = (n) => Math.round(n * 10) / 10;
const dots = (pts, color, size = 6, op = 0.18) =>
  `<path d="${pts.map(([x, y]) => `M${x} ${y}h0`).join('')}" stroke="${color}" stroke-width="${size}" stroke-linecap="round" opacity="${op}"/>`;
const grid = (x0, y0, cols, rows, gap) => {
  const p = [];
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) p.push([x0 + i * gap, y0 + j * gap]);
  return p;
};
function gearPath(cx, cy, ro, ri, n) {
  const p = (2 * Math.PI) / n;
  const pt = (r, a) => `${r1(cx + r * Math.cos(a))} ${r1(cy + r * Math.sin(a))}`;
  let d = `M${pt(ri, 0)}`;
  for (let i = 0; i < n; i++) {
    const a = i * p;
    d += `L${pt(ro, a + 0.12 * p)}L${pt(ro, a + 0.38 * p)}L${pt(ri, a + 0.5 * p)}A${ri} ${ri} 0 0 1 ${pt(ri, a + p)}`;
  }
  return d + 'Z';
}
const st = (c, w) => `fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"`;

/* service symbols, each drawn in a 200x200 box ---------------------------- */
const SYMBOLS = {
  'email-hosting': () =>
    `<rect x="20" y="50" width="160" height="110" rx="14" fill="${W}" stroke="${N}" stroke-width="6"/>` +
    `<path d="M28 152l52-46M172 152l-52-46" ${st(K, 5)}/>` +
    `<path d="M28 60l72 54 72-54" ${st(T, 7)}/>` +
    `<circle cx="172" cy="52" r="19" fill="${C}" stroke="${P}" stroke-width="5"/>` +
    `<path d="M34 176h132" ${st(N, 5)} opacity=".15"/>`,

  'web-hosting': () =>
    [25, 72, 119]
      .map(
        (y, i) =>
          `<rect x="35" y="${y}" width="130" height="38" rx="10" fill="${N}"/>` +
          `<circle cx="57" cy="${y + 19}" r="6" fill="${i === 1 ? S : K}"/><circle cx="76" cy="${y + 19}" r="6" fill="${T}"/>` +
          `<path d="M108 ${y + 19}h38" ${st(K, 5)} opacity=".55"/>`,
      )
      .join('') + `<path d="M100 157v20M55 177h90" ${st(T, 6)}/><circle cx="100" cy="177" r="8" fill="${S}"/>`,

  'ssl-certificate': () =>
    `<path d="M100 12l66 25v56c0 46-30 76-66 92-36-16-66-46-66-92V37z" fill="${K}"/>` +
    `<path d="M100 12l66 25v56c0 46-30 76-66 92z" fill="${T}" opacity=".18"/>` +
    `<path d="M76 96V76a24 24 0 0148 0v20" ${st(N, 10)}/>` +
    `<rect x="60" y="92" width="80" height="62" rx="12" fill="${S}"/>` +
    `<circle cx="100" cy="116" r="9" fill="${N}"/><rect x="96" y="118" width="8" height="20" rx="4" fill="${N}"/>`,

  'daily-backups': () =>
    `<path d="M30 50v96a54 17 0 00108 0V50z" fill="${T}"/>` +
    `<ellipse cx="84" cy="50" rx="54" ry="17" fill="${K}"/>` +
    `<path d="M30 82a54 17 0 00108 0M30 114a54 17 0 00108 0" ${st(P, 4)} opacity=".7"/>` +
    `<circle cx="54" cy="98" r="4" fill="${S}"/><circle cx="54" cy="130" r="4" fill="${S}"/>` +
    `<circle cx="148" cy="148" r="36" fill="${C}" stroke="${P}" stroke-width="6"/>` +
    `<path d="M130 148a18 18 0 1018-18" ${st(W, 6)}/><path d="M155 121l-8 9 8 9" ${st(W, 6)}/>`,

  'website-design': () =>
    `<rect x="12" y="28" width="156" height="124" rx="12" fill="${W}" stroke="${N}" stroke-width="5"/>` +
    `<path d="M12 56h156" stroke="${N}" stroke-width="5"/>` +
    `<circle cx="30" cy="42" r="4.5" fill="${C}"/><circle cx="45" cy="42" r="4.5" fill="${S}"/><circle cx="60" cy="42" r="4.5" fill="${T}"/>` +
    `<rect x="28" y="70" width="62" height="44" rx="6" fill="${K}"/><path d="M34 108l16-18 12 12 8-7 16 13z" fill="${T}"/>` +
    `<rect x="100" y="72" width="52" height="8" rx="4" fill="${N}"/><rect x="100" y="88" width="40" height="8" rx="4" fill="${K}"/>` +
    `<rect x="100" y="104" width="30" height="8" rx="4" fill="${S}"/><rect x="28" y="124" width="124" height="14" rx="7" fill="${D}"/>` +
    `<g transform="translate(168 116) rotate(35)"><rect x="-10" y="-50" width="20" height="70" rx="3" fill="${C}"/>` +
    `<rect x="-10" y="-50" width="20" height="12" rx="3" fill="${N}"/><path d="M-10 20h20L0 43z" fill="${S}"/><path d="M-3.5 35h7L0 43z" fill="${N}"/></g>`,

  seo: () =>
    `<path d="M18 172h164" ${st(N, 5)}/>` +
    `<rect x="24" y="128" width="24" height="40" rx="5" fill="${K}"/><rect x="56" y="102" width="24" height="66" rx="5" fill="${T}" opacity=".7"/>` +
    `<rect x="88" y="80" width="24" height="88" rx="5" fill="${T}"/>` +
    `<path d="M154 110l26 28" ${st(N, 16)}/>` +
    `<circle cx="125" cy="78" r="42" fill="${W}" fill-opacity=".85" stroke="${N}" stroke-width="10"/>` +
    `<path d="M101 92l14-14 10 8 20-22" ${st(C, 6)}/><path d="M133 62h13v13" ${st(C, 6)}/>`,

  'e-commerce-store': () =>
    `<path d="M46 68h108l12 106H34z" fill="${C}" stroke="${C}" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M40 100h120" stroke="${P}" stroke-width="6" opacity=".3"/>` +
    `<path d="M74 84V60a26 26 0 0152 0v24" ${st(N, 8)}/>` +
    `<circle cx="74" cy="86" r="6" fill="${N}"/><circle cx="126" cy="86" r="6" fill="${N}"/>` +
    `<g transform="translate(138 134) rotate(-24)"><path d="M0-17h38a6 6 0 016 6v22a6 6 0 01-6 6H0l-15-17z" fill="${S}" stroke="${P}" stroke-width="4" stroke-linejoin="round"/>` +
    `<circle cx="0" cy="0" r="4.5" fill="${P}"/><path d="M12 0h20" ${st(N, 4)} opacity=".5"/></g>`,

  'logo-design': () =>
    `<path d="M26 60c40 120 108 120 148 0" ${st(T, 7)}/>` +
    `<path d="M48 146h104" ${st(N, 3)}/><circle cx="48" cy="146" r="7" fill="${W}" stroke="${N}" stroke-width="3"/><circle cx="152" cy="146" r="7" fill="${W}" stroke="${N}" stroke-width="3"/>` +
    `<rect x="16" y="50" width="20" height="20" rx="3" fill="${C}"/><rect x="164" y="50" width="20" height="20" rx="3" fill="${C}"/>` +
    `<path d="M100 134L76 92l9-38h30l9 38z" fill="${N}"/><path d="M100 130V98" stroke="${P}" stroke-width="3"/>` +
    `<circle cx="100" cy="94" r="6" fill="${P}"/><rect x="82" y="36" width="36" height="16" rx="4" fill="${S}"/>`,

  'mobile-app-development': () =>
    `<rect x="50" y="12" width="96" height="176" rx="18" fill="${N}"/><rect x="59" y="30" width="78" height="134" rx="7" fill="${P}"/>` +
    `<rect x="86" y="172" width="24" height="5" rx="2.5" fill="${K}"/>` +
    `<rect x="68" y="40" width="28" height="28" rx="7" fill="${T}"/><rect x="102" y="40" width="28" height="28" rx="7" fill="${S}"/>` +
    `<rect x="68" y="74" width="28" height="28" rx="7" fill="${K}"/><rect x="102" y="74" width="28" height="28" rx="7" fill="${C}"/>` +
    `<rect x="68" y="112" width="62" height="8" rx="4" fill="${K}"/><rect x="68" y="126" width="40" height="8" rx="4" fill="${D}"/>` +
    `<circle cx="150" cy="146" r="30" fill="${T}" stroke="${P}" stroke-width="6"/>` +
    `<path d="M142 135l-10 11 10 11M158 135l10 11-10 11" ${st(W, 5)}/><path d="M153 131l-6 30" ${st(S, 5)}/>`,

  'website-maintenance': () =>
    `<path d="${gearPath(84, 86, 62, 48, 9)}" fill="${T}"/><circle cx="84" cy="86" r="22" fill="${P}"/><circle cx="84" cy="86" r="9" fill="${K}"/>` +
    `<g transform="translate(128 124) rotate(45)"><path d="M-8-62.6V-40H8v-22.6A24 24 0 019-17.8V52a9 9 0 01-18 0v-69.8a24 24 0 011-44.8z" fill="${N}" stroke="${P}" stroke-width="5" stroke-linejoin="round"/>` +
    `<circle cx="0" cy="40" r="4" fill="${S}"/></g>`,

  'landing-page': () =>
    `<rect x="30" y="12" width="124" height="176" rx="10" fill="${W}" stroke="${N}" stroke-width="5"/>` +
    `<rect x="42" y="26" width="100" height="56" rx="6" fill="${T}"/><circle cx="122" cy="42" r="9" fill="${S}"/><path d="M48 76l22-24 16 14 12-10 38 20z" fill="${K}" opacity=".6"/>` +
    `<rect x="42" y="92" width="72" height="8" rx="4" fill="${N}"/><rect x="42" y="106" width="52" height="8" rx="4" fill="${K}"/>` +
    `<rect x="42" y="124" width="64" height="22" rx="11" fill="${C}"/>` +
    `<rect x="42" y="158" width="28" height="18" rx="4" fill="${D}"/><rect x="78" y="158" width="28" height="18" rx="4" fill="${D}"/><rect x="114" y="158" width="28" height="18" rx="4" fill="${D}"/>` +
    `<path d="M98 138v38l10-9 8 16 8-4-8-15h14z" fill="${N}" stroke="${W}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M112 124l7-7M115 135h9" ${st(S, 4)}/>`,

  'tech-support': () =>
    `<path d="M46 112V96a54 54 0 01108 0v16" ${st(N, 11)}/>` +
    `<rect x="30" y="92" width="30" height="54" rx="13" fill="${C}"/><rect x="140" y="92" width="30" height="54" rx="13" fill="${C}"/>` +
    `<path d="M155 144c0 26-14 34-38 34" ${st(N, 6)}/><rect x="98" y="170" width="26" height="16" rx="8" fill="${N}"/>` +
    `<rect x="70" y="70" width="60" height="40" rx="14" fill="${S}"/><path d="M84 108l-4 16 18-16z" fill="${S}"/>` +
    `<circle cx="87" cy="90" r="4.5" fill="${W}"/><circle cx="100" cy="90" r="4.5" fill="${W}"/><circle cx="113" cy="90" r="4.5" fill="${W}"/>`,

  'saas-deployment': () =>
    `<path d="M52 146a26 26 0 01-2-52 44 44 0 0186-12 32 32 0 0112 64z" fill="${W}" stroke="${N}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="62" y="108" width="22" height="22" rx="4" fill="${K}"/><rect x="118" y="108" width="22" height="22" rx="4" fill="${S}"/>` +
    `<path d="M101 188V96" ${st(C, 12)}/><path d="M78 118l23-24 23 24" ${st(C, 12)}/>` +
    `<path d="M70 170h0M132 170h0M86 182h0M116 182h0" ${st(T, 7)}/>`,

  devops: () =>
    `<path d="M100 100c-22-36-80-42-80 0s58 36 80 0" ${st(T, 20)}/>` +
    `<path d="M100 100c22-36 80-42 80 0s-58 36-80 0" ${st(S, 20)}/>` +
    `<path d="M144 63l9 8-9 8M56 121l-9 8 9 8" ${st(W, 4)}/>` +
    `<circle cx="100" cy="100" r="8" fill="${C}" stroke="${P}" stroke-width="4"/>` +
    `<path d="M70 160h0M100 160h0M130 160h0" ${st(N, 8)} opacity=".25"/>`,

  'ai-chatbot': () =>
    `<path d="M100 44V24" ${st(N, 5)}/><circle cx="100" cy="20" r="8" fill="${S}"/>` +
    `<rect x="30" y="42" width="140" height="100" rx="28" fill="${N}"/><path d="M62 138l-12 32 40-32z" fill="${N}"/>` +
    `<circle cx="76" cy="88" r="11" fill="${K}"/><circle cx="124" cy="88" r="11" fill="${K}"/>` +
    `<path d="M80 114q20 14 40 0" ${st(K, 6)}/>` +
    `<path d="M168 10q3 18 20 21-17 3-20 21-3-18-20-21 17-3 20-21z" fill="${S}"/>` +
    `<path d="M178 100q2 10 12 12-10 2-12 12-2-10-12-12 10-2 12-12z" fill="${C}"/>`,

  'newsletter-automation': () =>
    `<path d="M60 104c-30 10-36 40-20 52" fill="none" stroke="${T}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 10"/>` +
    `<path d="M30 94L178 28 96 120z" fill="${W}" stroke="${N}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M96 120l82-92-44 124z" fill="${K}" stroke="${N}" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M96 120v36l18-22" fill="${N}" stroke="${N}" stroke-width="5" stroke-linejoin="round"/>` +
    `<rect x="14" y="150" width="50" height="34" rx="5" fill="${S}"/><path d="M18 155l24 17 24-17" ${st(W, 4)}/>` +
    `<circle cx="160" cy="160" r="20" fill="${C}"/><path d="M160 150v10l7 5" ${st(W, 4)}/>`,

  'crm-setup': () =>
    `<path d="M26 30L60 62M176 38l-30 26M30 172l30-30M172 168l-30-26" fill="none" stroke="${N}" stroke-width="3" stroke-dasharray="5 6" opacity=".5"/>` +
    `<circle cx="26" cy="30" r="11" fill="${S}"/><circle cx="176" cy="38" r="11" fill="${C}"/><circle cx="30" cy="172" r="11" fill="${T}"/><circle cx="172" cy="168" r="11" fill="${S}"/>` +
    `<rect x="48" y="56" width="106" height="90" rx="14" fill="${W}" stroke="${N}" stroke-width="5"/>` +
    `<circle cx="80" cy="88" r="12" fill="${T}"/><path d="M62 124a18 16 0 0136 0z" fill="${T}"/>` +
    `<rect x="106" y="80" width="34" height="7" rx="3.5" fill="${N}"/><rect x="106" y="95" width="26" height="7" rx="3.5" fill="${K}"/><rect x="106" y="110" width="30" height="7" rx="3.5" fill="${K}"/>` +
    `<rect x="62" y="132" width="78" height="4" rx="2" fill="${D}"/>`,
};

const ACCENTS = [T, S, C, K];

function banner(slug, title, i) {
  const a = ACCENTS[i % 4];
  const b = ACCENTS[(i + 1) % 4];
  return svg(
    1200,
    430,
    title,
    `<rect width="1200" height="430" fill="${D}"/>` +
      `<circle cx="-40" cy="470" r="230" fill="${P}" opacity=".45"/>` +
      `<circle cx="1130" cy="40" r="120" fill="${a}" opacity=".22"/>` +
      `<circle cx="930" cy="215" r="250" fill="${P}"/>` +
      `<circle cx="930" cy="215" r="196" fill="${K}" opacity=".35"/>` +
      `<path d="M700 360c120 70 330 80 470-30" fill="none" stroke="${b}" stroke-width="3" stroke-linecap="round" opacity=".45"/>` +
      `<circle cx="1150" cy="300" r="14" fill="${b}" opacity=".5"/>` +
      dots(grid(716, 44, 4, 4, 20), N, 6, 0.16) +
      `<g transform="translate(785 70) scale(1.45)">${SYMBOLS[slug]()}</g>`,
  );
}

function thumbnail(slug, title, i) {
  const a = ACCENTS[i % 4];
  return svg(
    480,
    270,
    title,
    `<rect width="480" height="270" fill="${D}"/>` +
      `<circle cx="420" cy="30" r="80" fill="${a}" opacity=".2"/>` +
      `<circle cx="40" cy="250" r="60" fill="${P}" opacity=".6"/>` +
      `<circle cx="240" cy="135" r="118" fill="${P}"/><circle cx="240" cy="135" r="100" fill="${K}" opacity=".35"/>` +
      dots(grid(36, 30, 3, 3, 16), N, 5, 0.15) +
      `<g transform="translate(150 45) scale(.9)">${SYMBOLS[slug]()}</g>`,
  );
}

/* page art ---------------------------------------------------------------- */
function person(x, y, body, hair, s = 1, pose = '') {
  // seated figure, origin at the seat, facing the viewer
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<path d="M-34 0v-62a34 34 0 0168 0V0z" fill="${body}"/>` +
    pose +
    `<path d="M-9-96h18v14h-18z" fill="${S}"/><circle cx="0" cy="-116" r="24" fill="${S}"/>` +
    `<path d="M-25-114a25 25 0 0150 0c-8-14-34-16-50 0z" fill="${hair}"/></g>`
  );
}

/* the four stages of work (src/data/stages.ts), each drawn in a 160x160 box ------------------- */
const STAGES = {
  discover: [
    'Discover: a magnifying glass',
    `<circle cx="80" cy="80" r="76" fill="${D}"/><circle cx="122" cy="34" r="10" fill="${S}" opacity=".6"/>` +
      `<path d="M98 98l26 26" ${st(N, 14)}/><circle cx="70" cy="70" r="34" fill="${K}" stroke="${N}" stroke-width="9"/>` +
      `<path d="M54 62a18 18 0 0118-16" ${st(P, 6)}/>`,
  ],
  pilot: [
    'Pilot: a paper plane taking off',
    `<circle cx="80" cy="80" r="76" fill="${D}"/>` +
      `<path d="M36 118c-10-18 4-34 22-30" fill="none" stroke="${T}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 9"/>` +
      `<path d="M30 78l102-44-56 60z" fill="${W}" stroke="${N}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M76 94l56-60-30 84z" fill="${K}" stroke="${N}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M76 94v24l12-14" fill="${N}" stroke="${N}" stroke-width="4" stroke-linejoin="round"/>`,
  ],
  launch: [
    'Launch: a rocket lifting off',
    `<circle cx="80" cy="80" r="76" fill="${D}"/>` +
      `<path d="M80 132q-12-14 0-30q12 16 0 30z" fill="${S}"/><path d="M80 124q-5-8 0-14q5 6 0 14z" fill="${C}"/>` +
      `<path d="M62 98l-16 16v-26l16-14zM98 98l16 16v-26l-16-14z" fill="${C}"/>` +
      `<path d="M80 22c22 18 26 50 18 80H62c-8-30-4-62 18-80z" fill="${W}" stroke="${N}" stroke-width="4" stroke-linejoin="round"/>` +
      `<circle cx="80" cy="62" r="11" fill="${K}" stroke="${N}" stroke-width="4"/><path d="M80 84v18" ${st(N, 4)}/>` +
      dots(
        [
          [36, 46],
          [124, 40],
          [128, 120],
          [30, 126],
        ],
        N,
        5,
        0.3,
      ),
  ],
  boost: [
    'Boost: a chart rising upwards',
    `<circle cx="80" cy="80" r="76" fill="${D}"/>` +
      `<path d="M36 122h90" ${st(N, 5)}/>` +
      `<rect x="42" y="96" width="16" height="22" rx="3" fill="${K}"/><rect x="64" y="82" width="16" height="36" rx="3" fill="${K}"/><rect x="86" y="70" width="16" height="48" rx="3" fill="${T}"/><rect x="108" y="54" width="16" height="64" rx="3" fill="${T}"/>` +
      `<path d="M38 84l24-18 18 10 34-34" ${st(C, 6)}/><path d="M100 40h16v16" ${st(C, 6)}/>`,
  ],
};

const ART = {
  'office-new-delhi': () =>
    svg(
      1200,
      400,
      'Abstract New Delhi skyline with India Gate, Qutub Minar and a lotus-shaped temple',
      `<rect width="1200" height="400" fill="${D}"/>` +
        `<circle cx="620" cy="170" r="110" fill="${S}" opacity=".35"/><circle cx="620" cy="170" r="70" fill="${S}" opacity=".45"/>` +
        `<path d="M120 70q10-8 20 0q10-8 20 0M980 90q8-6 16 0q8-6 16 0M1040 60q7-5 14 0q7-5 14 0" ${st(N, 3)} opacity=".35"/>` +
        // distant city blocks
        `<path d="M0 360V250h40v-30h50v50h40v-70h30v40h60v-20h50v80h30V220h40v50h50v-40h70v-30h40v60h50v-50h40v40h60v-70h40v60h70v-40h50v60h60v-90h40v70h40v-30h60v40h50v-60h30v70h50v-40H1200V360z" fill="${T}" opacity=".22"/>` +
        // Qutub Minar
        `<path d="M232 360l10-226h16l10 226z" fill="${T}"/><path d="M236 300h28M238 250h24M240 200h20M241 160h18" ${st(D, 3)} opacity=".6"/>` +
        `<path d="M242 134h16l-3-14h-10z" fill="${T}"/><path d="M250 120v-12" ${st(T, 3)}/>` +
        // India Gate
        `<path d="M560 360V206h-6v-14h132v14h-6v154h-38v-96a26 26 0 00-52 0v96z" fill="${N}"/>` +
        `<path d="M570 192v-12h100v12zM586 180v-12h68v12z" fill="${N}"/><path d="M606 168a14 12 0 0128 0z" fill="${N}"/>` +
        `<path d="M572 224h96" ${st(D, 3)} opacity=".5"/>` +
        // Lotus temple
        `<g fill="${K}" stroke="${N}" stroke-width="3" stroke-linejoin="round">` +
        [-64, 64, -40, 40]
          .map((r) => `<path transform="translate(900 350) rotate(${r})" d="M0 0q-34-60 0-120q34 60 0 120z"/>`)
          .join('') +
        `</g><g fill="${P}" stroke="${N}" stroke-width="3" stroke-linejoin="round">` +
        [-20, 20, 0]
          .map((r) => `<path transform="translate(900 350) rotate(${r})" d="M0 0q-36-70 0-150q36 80 0 150z"/>`)
          .join('') +
        `</g><rect x="810" y="344" width="180" height="16" rx="3" fill="${N}"/>` +
        // trees and ground
        `<g fill="${T}">${[40, 90, 330, 380, 470, 760, 1040, 1100, 1160]
          .map((x, i) => `<circle cx="${x}" cy="${350 - (i % 3) * 6}" r="${18 + (i % 3) * 5}"/>`)
          .join('')}</g>` +
        `<rect y="356" width="1200" height="44" fill="${N}"/><path d="M0 372h1200" stroke="${K}" stroke-width="2" opacity=".3"/>`,
    ),

  sustainability: () =>
    svg(
      800,
      600,
      'Green hosting: a server growing leaves, powered by the sun',
      `<rect width="800" height="600" fill="${D}"/><circle cx="400" cy="310" r="250" fill="${P}"/>` +
        `<circle cx="170" cy="130" r="52" fill="${S}"/><path d="M170 50v-20M170 230v-20M90 130H70M270 130h-20M113 73l-14-14M241 201l-14-14M227 73l14-14M99 201l14-14" ${st(S, 6)}/>` +
        // solar panel
        `<path d="M130 380l40-100h150l-20 100z" fill="${N}"/><path d="M176 313h140M153 347h156M222 280l-18 100M270 280l-14 100" ${st(K, 3)} opacity=".7"/>` +
        `<path d="M228 380v70M196 450h64" ${st(N, 8)}/>` +
        // server
        [250, 320, 390]
          .map(
            (y, i) =>
              `<rect x="400" y="${y}" width="190" height="58" rx="12" fill="${T}"/><circle cx="428" cy="${y + 29}" r="8" fill="${i === 1 ? S : K}"/><circle cx="454" cy="${y + 29}" r="8" fill="${K}" opacity=".6"/><path d="M500 ${y + 29}h66" ${st(P, 6)} opacity=".5"/>`,
          )
          .join('') +
        `<path d="M320 400c30 0 40 30 80 30" ${st(S, 5)} stroke-dasharray="2 12"/>` +
        // leaves
        `<path d="M495 250c0-50 10-90 40-120" ${st(T, 8)}/>` +
        `<path d="M535 130c10-60 60-90 120-80-10 60-60 90-120 80z" fill="${T}"/><path d="M540 126c30-30 60-50 100-66" ${st(P, 4)} opacity=".6"/>` +
        `<path d="M505 190c-40-20-90-10-110 30 40 20 90 10 110-30z" fill="${K}"/><path d="M500 192c-30 4-60 12-90 26" ${st(T, 4)} opacity=".5"/>` +
        `<path d="M350 470h320" ${st(N, 6)} opacity=".15"/>` +
        dots(grid(640, 420, 4, 3, 22), N, 7, 0.15),
    ),

  'our-story': () =>
    svg(
      1200,
      500,
      'Two people working together at a desk',
      `<rect width="1200" height="500" fill="${P}"/>` +
        `<rect x="260" y="40" width="680" height="400" rx="200" fill="${D}"/><circle cx="960" cy="120" r="70" fill="${K}" opacity=".5"/>` +
        `<circle cx="240" cy="150" r="40" fill="${S}" opacity=".4"/>` +
        dots(grid(1010, 300, 5, 4, 22), N, 7, 0.15) +
        // window
        `<rect x="470" y="90" width="260" height="150" rx="14" fill="${K}" opacity=".55"/><path d="M600 90v150M470 165h260" stroke="${P}" stroke-width="6"/>` +
        // plant
        `<path d="M926 400c-26-50-14-110 14-140M934 400c12-56 50-86 90-92M930 400c-36-30-70-30-96-8" ${st(T, 9)}/>` +
        `<path d="M900 398h62l-10 64h-42z" fill="${C}"/>` +
        // people
        person(440, 400, T, N, 1.4, `<path d="M20-56q40 6 70 0" ${st(T, 20)}/>`) +
        person(760, 400, C, N, 1.4, `<path d="M-20-56q-40 6-70 0" ${st(C, 20)}/>`) +
        // desk + laptop + mug
        `<path d="M370 340v122M830 340v122" ${st(N, 14)}/><rect x="360" y="340" width="480" height="96" fill="${K}"/><rect x="360" y="340" width="480" height="96" fill="${T}" opacity=".25"/>` +
        `<rect x="330" y="326" width="540" height="22" rx="8" fill="${N}"/>` +
        `<path d="M540 326l16-70h98l16 70z" fill="${N}"/><circle cx="605" cy="291" r="9" fill="${K}"/>` +
        `<rect x="690" y="296" width="30" height="30" rx="5" fill="${P}"/><path d="M720 304c12 0 12 16 0 16" ${st(P, 5)}/>` +
        `<path d="M160 462h880" ${st(N, 6)} opacity=".12"/>`,
    ),

  office: () =>
    svg(
      800,
      600,
      'Our office building with a location pin',
      `<rect width="800" height="600" fill="${D}"/><circle cx="400" cy="330" r="250" fill="${P}"/>` +
        `<circle cx="620" cy="140" r="46" fill="${S}" opacity=".6"/>` +
        `<path d="M90 170q12-9 24 0q12-9 24 0" ${st(N, 3)} opacity=".35"/>` +
        // buildings
        `<rect x="200" y="270" width="130" height="250" rx="6" fill="${T}" opacity=".35"/>` +
        `<rect x="300" y="190" width="220" height="330" rx="8" fill="${N}"/><rect x="300" y="190" width="220" height="24" rx="8" fill="${T}"/>` +
        `<g fill="${K}">${grid(325, 235, 5, 6, 0)
          .map((_, k) => {
            const cx = 325 + (k % 5) * 36,
              cy = 235 + Math.floor(k / 5) * 40;
            return `<rect x="${cx}" y="${cy}" width="22" height="24" rx="3"${[3, 11, 17, 24].includes(k) ? ` fill="${S}"` : ''}/>`;
          })
          .join('')}</g>` +
        `<rect x="385" y="470" width="50" height="50" rx="4" fill="${S}"/><path d="M410 470v50" stroke="${N}" stroke-width="3"/>` +
        `<rect x="520" y="320" width="110" height="200" rx="6" fill="${T}"/>` +
        `<g fill="${P}" opacity=".7">${[0, 1, 2, 3].map((j) => `<rect x="538" y="${345 + j * 40}" width="74" height="14" rx="3"/>`).join('')}</g>` +
        // trees
        `<path d="M180 520v-40M660 520v-50" ${st(N, 8)}/><circle cx="180" cy="470" r="32" fill="${T}"/><circle cx="660" cy="458" r="38" fill="${T}"/><circle cx="676" cy="440" r="20" fill="${K}" opacity=".5"/>` +
        `<rect x="120" y="518" width="580" height="10" rx="5" fill="${N}"/>` +
        // pin
        `<path d="M410 172c-26-30-44-52-44-76a44 44 0 0188 0c0 24-18 46-44 76z" fill="${C}" stroke="${P}" stroke-width="6" stroke-linejoin="round"/><circle cx="410" cy="96" r="16" fill="${P}"/>`,
    ),

  // One file for the four stage pictures, side by side, each shown through its <view> (stages.svg#pilot): a page
  // that shows them makes one request and builds one SVG document, not four. The file itself is the size of one
  // picture (the first), so an <img> of it is square whichever view it shows.
  stages: () => {
    const names = Object.keys(STAGES);
    const body = names
      .map(
        (name, i) =>
          `<view id="${name}" viewBox="${i * 160} 0 160 160"/><g transform="translate(${i * 160} 0)">${STAGES[name][1]}</g>`,
      )
      .join('');
    return svg(160, 160, `The four stages: ${names.map((name) => STAGES[name][0]).join('; ')}`, body);
  },

  'not-found': () =>
    svg(
      480,
      320,
      'A lost compass with a wandering path',
      `<rect width="480" height="320" fill="${P}"/><circle cx="240" cy="160" r="140" fill="${D}"/>` +
        `<path d="M40 270c40-40 90 10 120-30s-40-70 10-100" fill="none" stroke="${T}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 12"/>` +
        `<path d="M370 60l16 16m0-16l-16 16" ${st(C, 5)}/>` +
        `<path d="M330 250c30 20 70 10 90-20" fill="none" stroke="${T}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 12"/>` +
        `<circle cx="250" cy="160" r="82" fill="${N}"/><circle cx="250" cy="160" r="66" fill="${P}"/>` +
        `<path d="M250 98v10M250 212v10M188 160h10M302 160h10" ${st(N, 5)}/>` +
        `<g transform="rotate(128 250 160)"><path d="M250 110l14 50h-28z" fill="${C}"/><path d="M250 210l14-50h-28z" fill="${K}"/></g>` +
        `<circle cx="250" cy="160" r="7" fill="${N}"/><rect x="240" y="66" width="20" height="16" rx="4" fill="${N}"/>` +
        `<path d="M380 110q2 10 12 12-10 2-12 12-2-10-12-12 10-2 12-12z" fill="${S}"/>` +
        `<path d="M100 70q2 10 12 12-10 2-12 12-2-10-12-12 10-2 12-12z" fill="${S}" opacity=".7"/>`,
    ),

  'join-us': () =>
    svg(
      1200,
      500,
      'A team collaborating around a shared board',
      `<rect width="1200" height="500" fill="${P}"/>` +
        `<rect x="240" y="40" width="720" height="420" rx="210" fill="${D}"/><circle cx="1000" cy="110" r="60" fill="${S}" opacity=".35"/><circle cx="1010" cy="380" r="50" fill="${K}" opacity=".5"/>` +
        dots(grid(140, 70, 5, 4, 22), N, 7, 0.15) +
        // board
        `<rect x="440" y="80" width="320" height="210" rx="14" fill="${W}" stroke="${N}" stroke-width="6"/><path d="M600 290v120M560 410h80" ${st(N, 8)}/>` +
        `<rect x="468" y="110" width="70" height="60" rx="6" fill="${S}"/><rect x="556" y="110" width="70" height="60" rx="6" fill="${K}"/><rect x="644" y="110" width="70" height="60" rx="6" fill="${C}" opacity=".85"/>` +
        `<rect x="468" y="190" width="70" height="60" rx="6" fill="${K}"/><rect x="556" y="190" width="70" height="60" rx="6" fill="${S}" opacity=".7"/>` +
        `<path d="M650 240l20 16 36-46" ${st(T, 8)}/><path d="M538 140h18M626 140h18M503 170v20" ${st(N, 3)}/>` +
        // people (standing)
        `<g transform="translate(350 460)"><path d="M-44 0v-130a44 44 0 0188 0V0z" fill="${T}"/><path d="M30-150q50-20 80-70" ${st(T, 20)}/><circle cx="0" cy="-208" r="30" fill="${S}"/><path d="M-31-208a31 31 0 0162 0c-10-14-44-18-62 0z" fill="${N}"/></g>` +
        `<g transform="translate(860 460)"><path d="M-44 0v-130a44 44 0 0188 0V0z" fill="${C}"/><path d="M-30-150q-40-20-60-40" ${st(C, 20)}/><rect x="-112" y="-220" width="40" height="36" rx="5" fill="${S}" transform="rotate(-10 -92 -202)"/><circle cx="0" cy="-208" r="30" fill="${S}"/><path d="M-31-208a31 31 0 0162 0c-4-20-40-34-62 0z" fill="${N}"/></g>` +
        `<g transform="translate(200 460) scale(.8)"><path d="M-44 0v-130a44 44 0 0188 0V0z" fill="${N}"/><circle cx="0" cy="-208" r="30" fill="${S}"/><path d="M-31-208a31 31 0 0162 0c-14-10-48-10-62 0z" fill="${T}"/></g>` +
        `<path d="M120 462h960" ${st(N, 6)} opacity=".12"/>`,
    ),
};

/* brand mark --------------------------------------------------------------- */
const crystal = (bg) =>
  (bg ? `<rect width="64" height="64" rx="${bg === 'square' ? 0 : 14}" fill="${N}"/>` : '') +
  `<path d="M18 21l14 7v29l-14-7z" fill="${T}"/>` +
  `<path d="M46 21l-14 7v29l14-7z" fill="${P}"/>` +
  `<path d="M32 5L18 21l14 7z" fill="${K}"/>` +
  `<path d="M32 5l14 16-14 7z" fill="${W}"/>` +
  `<path d="M25 24v23" stroke="${K}" stroke-width="2" opacity=".5"/>` +
  `<path d="M41 49l11 10" stroke="${S}" stroke-width="6.5" stroke-linecap="round"/>`;

const favicon = () => svg(64, 64, 'Quartz Digital', crystal('round'));
const appleIcon = () => svg(180, 180, 'Quartz Digital', `<g transform="scale(2.8125)">${crystal('square')}</g>`);
const ogImage = () =>
  svg(
    1200,
    630,
    'Quartz Digital',
    `<rect width="1200" height="630" fill="${N}"/>` +
      `<circle cx="1040" cy="120" r="260" fill="${T}" opacity=".45"/><circle cx="180" cy="560" r="220" fill="${T}" opacity=".3"/>` +
      `<circle cx="600" cy="315" r="190" fill="${K}" opacity=".12"/><circle cx="600" cy="315" r="140" fill="${K}" opacity=".1"/>` +
      `<circle cx="930" cy="470" r="26" fill="${S}"/><circle cx="260" cy="150" r="14" fill="${C}"/>` +
      dots(grid(90, 70, 5, 4, 26), K, 7, 0.35) +
      dots(grid(990, 470, 5, 3, 26), K, 7, 0.25) +
      `<g transform="translate(456 171) scale(4.5)">${crystal(null)}</g>`,
  );

/* write everything --------------------------------------------------------- */
const out = [];
function write(rel, content) {
  const file = join(ROOT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  out.push([rel, Buffer.byteLength(content)]);
}

Object.keys(SYMBOLS).forEach((slug, i) => {
  const json = join(ROOT, 'src/content/services', `${slug}.json`);
  const title = existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')).title : slug;
  write(`src/assets/services/${slug}/icon.svg`, banner(slug, title, i));
  write(`src/assets/services/${slug}/thumbnail.svg`, thumbnail(slug, title, i));
});
for (const [name, fn] of Object.entries(ART)) write(`src/assets/art/${name}.svg`, fn());
write('public/favicon.svg', favicon());

if (process.argv.includes('--png')) {
  const { default: sharp } = await import('sharp');
  const png = (s, o) =>
    sharp(Buffer.from(s), { density: 72 })
      .png({ compressionLevel: 9, palette: true, quality: 100, dither: 0 })
      .toFile(join(ROOT, o));
  await png(appleIcon(), 'public/apple-touch-icon.png');
  await png(ogImage(), 'public/og-image.png');
  out.push(['public/apple-touch-icon.png', 0], ['public/og-image.png', 0]);
}
for (const [f, n] of out) console.log(`${String(n || '').padStart(6)}  ${f}`);
