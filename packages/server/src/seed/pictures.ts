/** Demo product photos drawn locally as SVG (no network): a warm gradient with a simple motif per item. */
const palettes = [
  ["#f97316", "#facc15"],
  ["#0ea5e9", "#22d3ee"],
  ["#db2777", "#f472b6"],
  ["#16a34a", "#a3e635"],
  ["#7c3aed", "#c084fc"],
  ["#b45309", "#fbbf24"],
  ["#0f766e", "#5eead4"],
  ["#dc2626", "#fb923c"],
];

const motifs: Record<string, string> = {
  jar: '<path d="M330 250h140v40c60 30 90 90 90 160 0 110-70 190-160 190s-160-80-160-190c0-70 30-130 90-160z" fill="#fff" fill-opacity=".85"/><rect x="315" y="230" width="170" height="30" rx="12" fill="#fff"/>',
  cup: '<rect x="270" y="300" width="220" height="260" rx="30" fill="#fff" fill-opacity=".9"/><path d="M490 350c70 0 70 140 0 140" stroke="#fff" stroke-width="28" fill="none"/>',
  shirt:
    '<path d="M300 250l-110 80 50 90 60-35v285h200V385l60 35 50-90-110-80c-20 40-60 60-100 60s-80-20-100-60z" fill="#fff" fill-opacity=".9"/>',
  star: '<path d="M400 200l55 135 145 10-112 92 36 142-124-78-124 78 36-142-112-92 145-10z" fill="#fff" fill-opacity=".9"/>',
  bag: '<rect x="250" y="320" width="300" height="280" rx="24" fill="#fff" fill-opacity=".9"/><path d="M320 330c0-110 160-110 160 0" stroke="#fff" stroke-width="26" fill="none"/>',
  hat: '<ellipse cx="400" cy="500" rx="260" ry="60" fill="#fff" fill-opacity=".9"/><path d="M300 500c0-170 200-170 200 0z" fill="#fff"/>',
  book: '<rect x="260" y="240" width="280" height="360" rx="18" fill="#fff" fill-opacity=".9"/><rect x="300" y="300" width="200" height="24" rx="8" fill-opacity=".25"/><rect x="300" y="350" width="160" height="24" rx="8" fill-opacity=".25"/>',
  calendar:
    '<rect x="240" y="260" width="320" height="300" rx="28" fill="#fff" fill-opacity=".92"/><rect x="240" y="260" width="320" height="70" rx="28" fill-opacity=".3"/><circle cx="330" cy="420" r="26" fill-opacity=".3"/><circle cx="470" cy="480" r="26" fill-opacity=".3"/>',
  tools:
    '<circle cx="400" cy="420" r="150" fill="none" stroke="#fff" stroke-width="40"/><rect x="380" y="180" width="40" height="160" rx="12" fill="#fff"/>',
  leaf: '<path d="M260 560c0-220 140-330 300-330 0 190-110 330-300 330z" fill="#fff" fill-opacity=".9"/><path d="M270 550l240-260" stroke-width="14" stroke="#000" stroke-opacity=".2"/>',
};

export type Motif = keyof typeof motifs;

export function productPicture(index: number, motif: Motif): Buffer {
  const [from, to] = palettes[index % palettes.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="${120 + ((index * 97) % 560)}" cy="${110 + ((index * 53) % 200)}" r="${60 + ((index * 17) % 60)}" fill="#fff" fill-opacity=".15"/>
  <circle cx="${680 - ((index * 71) % 500)}" cy="${690 - ((index * 37) % 160)}" r="${80 + ((index * 23) % 70)}" fill="#fff" fill-opacity=".12"/>
  ${motifs[motif]}
</svg>`;
  return Buffer.from(svg);
}

export function shopPicture(index: number): Buffer {
  const [from, to] = palettes[(index * 3 + 1) % palettes.length];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="300" height="300" fill="url(#g)"/><path d="M60 130l90-60 90 60v100H60z" fill="#fff" fill-opacity=".9"/><rect x="125" y="165" width="50" height="65" fill="${from}"/></svg>`,
  );
}

export function headerPicture(index: number): Buffer {
  const [from, to] = palettes[(index * 5 + 2) % palettes.length];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="450"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1400" height="450" fill="url(#g)"/><g fill="#fff" fill-opacity=".12">${Array.from({ length: 14 }, (_, i) => `<circle cx="${i * 110 + 40}" cy="${(i % 3) * 140 + 80}" r="${40 + (i % 4) * 18}"/>`).join("")}</g></svg>`,
  );
}
