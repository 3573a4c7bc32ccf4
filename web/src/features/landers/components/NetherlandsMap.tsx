import type { LanderMember } from '@app/contract';
import { useLanderTranslation } from '../i18n';

/** The map's frame in degrees: the Netherlands with a little sea around it. */
const WEST = 3.2;
const EAST = 7.3;
const NORTH = 53.65;
const SOUTH = 50.7;
const WIDTH = 420;
/** Degrees of longitude are shorter than of latitude here (cos 52°). */
const HEIGHT = Math.round(
  (WIDTH * (NORTH - SOUTH)) / ((EAST - WEST) * Math.cos((52 * Math.PI) / 180)),
);

/** The outline of the country (simplified, longitude/latitude), clockwise from Zeeland. */
const COUNTRY: [number, number][] = [
  [3.37, 51.37],
  [3.55, 51.44],
  [3.45, 51.55],
  [3.7, 51.7],
  [3.88, 51.82],
  [4.05, 51.98],
  [4.26, 52.11],
  [4.43, 52.26],
  [4.56, 52.46],
  [4.64, 52.7],
  [4.72, 52.95],
  [4.9, 52.92],
  [5.08, 52.95],
  [5.41, 53.17],
  [5.6, 53.3],
  [5.9, 53.38],
  [6.2, 53.41],
  [6.55, 53.44],
  [6.9, 53.46],
  [7.2, 53.27],
  [7.22, 53.0],
  [7.05, 52.64],
  [6.72, 52.63],
  [7.07, 52.44],
  [7.0, 52.24],
  [6.72, 52.03],
  [6.4, 51.86],
  [6.12, 51.87],
  [5.95, 51.8],
  [6.2, 51.52],
  [6.08, 51.17],
  [5.87, 51.05],
  [6.02, 50.76],
  [5.69, 50.76],
  [5.84, 51.15],
  [5.5, 51.29],
  [5.1, 51.43],
  [4.8, 51.5],
  [4.5, 51.48],
  [4.25, 51.37],
  [3.95, 51.21],
  [3.85, 51.21],
];
/** The North Sea: west and north of the coast (the rest of the frame is the neighbours' land). */
const SEA: [number, number][] = [
  [WEST, SOUTH + 0.55],
  [3.37, 51.37],
  ...COUNTRY.slice(1, 21),
  [7.3, 53.35],
  [EAST, NORTH],
  [WEST, NORTH],
];
/** The IJsselmeer and Markermeer. */
const LAKE: [number, number][] = [
  [5.08, 52.93],
  [5.4, 52.86],
  [5.62, 52.63],
  [5.42, 52.52],
  [5.15, 52.38],
  [5.0, 52.47],
  [5.1, 52.65],
];
/** The Wadden islands: centre and half length. */
const ISLANDS: [number, number, number][] = [
  [4.8, 53.08, 0.1],
  [5.05, 53.28, 0.1],
  [5.33, 53.4, 0.16],
  [5.78, 53.45, 0.14],
  [6.2, 53.49, 0.08],
];

const x = (lon: number) => ((lon - WEST) / (EAST - WEST)) * WIDTH;
const y = (lat: number) => ((NORTH - lat) / (NORTH - SOUTH)) * HEIGHT;
const outline = (points: [number, number][]) =>
  `M${points.map(([lon, lat]) => `${x(lon).toFixed(1)},${y(lat).toFixed(1)}`).join('L')}Z`;

/**
 * How many of the largest pins pulse: an animated SVG element is drawn again on the main thread
 * in every frame (no compositor), and two dozen of them kept a phone busy.
 */
const PULSING_PINS = 3;

export interface CityPin {
  city: string;
  latitude: number;
  longitude: number;
  members: LanderMember[];
}

/** Members by the city on their profile; those whose city lies outside the map are left out. */
export function pinsOf(members: LanderMember[]): CityPin[] {
  const byCity = new Map<string, CityPin>();
  for (const member of members) {
    const { city, latitude, longitude } = member;
    if (!city || latitude === null || longitude === null) continue;
    if (longitude < WEST || longitude > EAST || latitude < SOUTH || latitude > NORTH) continue;
    const pin = byCity.get(city) ?? { city, latitude, longitude, members: [] };
    pin.members.push(member);
    byCity.set(city, pin);
  }
  return [...byCity.values()].sort((a, b) => b.members.length - a.members.length);
}

/** Which pins get their city's name: the largest first, none closer than a name's room. */
function labelledPins(pins: CityPin[]): Set<number> {
  const placed: { x: number; y: number }[] = [];
  const out = new Set<number>();
  pins.forEach((pin, i) => {
    const px = x(pin.longitude);
    const py = y(pin.latitude);
    if (placed.some((p) => Math.abs(p.x - px) < 70 && Math.abs(p.y - py) < 26)) return;
    placed.push({ x: px, y: py });
    out.add(i);
  });
  return out;
}

/** A drawn map of the Netherlands (no map tiles) with a pin per city where members live. */
export function NetherlandsMap({ pins }: { pins: CityPin[] }) {
  const { t } = useLanderTranslation();
  const label = t('map.label', {
    cities: pins.map((pin) => `${pin.city} (${pin.members.length})`).join(', ') || '-',
  });
  const labels = labelledPins(pins);
  return (
    <svg
      className="nl-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      role="img"
      aria-label={label}
    >
      <rect width={WIDTH} height={HEIGHT} className="nl-map__ground" />
      <path className="nl-map__sea" d={outline(SEA)} />
      {ISLANDS.map(([lon, lat, half]) => (
        <ellipse
          key={lon}
          className="nl-map__land"
          cx={x(lon)}
          cy={y(lat)}
          rx={(half / (EAST - WEST)) * WIDTH}
          ry={4}
        />
      ))}
      <path className="nl-map__land" d={outline(COUNTRY)} />
      <path className="nl-map__sea nl-map__lake" d={outline(LAKE)} />
      {pins.map((pin, i) => {
        const r = Math.min(7 + pin.members.length * 2, 16);
        const labelled = labels.has(i);
        return (
          <g
            key={pin.city}
            transform={`translate(${x(pin.longitude).toFixed(1)},${y(pin.latitude).toFixed(1)})`}
          >
            {i < PULSING_PINS && <circle className="nl-map__pulse" r={r + 6} />}
            <circle className="nl-map__pin" r={r} />
            <text className="nl-map__count" dy="0.35em" textAnchor="middle">
              {pin.members.length}
            </text>
            {labelled && (
              <text className="nl-map__city" y={r + 13} textAnchor="middle">
                {pin.city}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
