import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { geoAlbersUsa, geoPath, type GeoProjection } from "d3-geo";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

// The contact map is drawn once, at build time, from the us-atlas states file this site serves
// (public/geo). The page shows the result as an image, so the path data is never in its HTML twice.

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 600;
export const STATES_FILE = "/geo/us-states-10m.json";

type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

let cached: Promise<{ topology: StatesTopology; projection: GeoProjection }> | null = null;

function load() {
  cached ??= readFile(path.join(process.cwd(), "public", STATES_FILE), "utf8").then((text) => {
    const topology = JSON.parse(text) as StatesTopology;
    const projection = geoAlbersUsa().fitSize([MAP_WIDTH, MAP_HEIGHT], feature(topology, topology.objects.nation));
    return { topology, projection };
  });
  return cached;
}

/** The US states as an SVG document (paths rounded to 0.1 px to keep it small). */
export async function renderUsStatesSvg(): Promise<string> {
  const { topology, projection } = await load();
  const draw = geoPath(projection).digits(1);
  const states = draw(feature(topology, topology.objects.states)) ?? "";
  const borders = draw(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? "";
  const nation = draw(feature(topology, topology.objects.nation)) ?? "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}">`,
    `<title>Map of the United States</title>`,
    `<path d="${states}" fill="#d5eef8"/>`,
    `<path d="${borders}" fill="none" stroke="#ffffff" stroke-width="1.2" stroke-linejoin="round"/>`,
    `<path d="${nation}" fill="none" stroke="#72c3e4" stroke-width="1.2" stroke-linejoin="round"/>`,
    `</svg>`,
  ].join("");
}

/** Where a place falls on the map, as percentages of its width and height. */
export async function mapPosition(longitude: number, latitude: number): Promise<{ left: number; top: number }> {
  const { projection } = await load();
  const point = projection([longitude, latitude]);
  if (!point) throw new Error(`(${longitude}, ${latitude}) is outside the US map`);
  return {
    left: Math.round((point[0] / MAP_WIDTH) * 10_000) / 100,
    top: Math.round((point[1] / MAP_HEIGHT) * 10_000) / 100,
  };
}
