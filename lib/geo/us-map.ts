import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { geoAlbersUsa, geoPath, type GeoProjection, type GeoStream } from "d3-geo";
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

/** Below this distance (px of the 960-wide map) a point adds nothing a screen can show. */
const MIN_STEP_PX = 2;

/**
 * The projection, then a filter that drops each point closer than MIN_STEP_PX to the last one it
 * kept (a ring's last point always stays, so shapes close where they should). The 10m atlas has
 * far more points than a map drawn at most 960 px wide can show: this makes the file a fraction
 * of the size, and a phone decodes and paints it that much sooner (it is the contact page's
 * largest picture).
 */
function screenDetail(projection: GeoProjection): { stream(output: GeoStream): GeoStream } {
  return {
    stream(output) {
      let lastX = Number.NaN;
      let lastY = Number.NaN;
      let pending: [number, number] | null = null;
      const thinned: GeoStream = {
        point(x, y) {
          if (Math.hypot(x - lastX, y - lastY) < MIN_STEP_PX) {
            pending = [x, y];
            return;
          }
          pending = null;
          lastX = x;
          lastY = y;
          output.point(x, y);
        },
        lineStart() {
          lastX = Number.NaN;
          lastY = Number.NaN;
          pending = null;
          output.lineStart();
        },
        lineEnd() {
          if (pending) output.point(pending[0], pending[1]);
          pending = null;
          output.lineEnd();
        },
        polygonStart: () => output.polygonStart(),
        polygonEnd: () => output.polygonEnd(),
        sphere: () => output.sphere?.(),
      };
      return projection.stream(thinned);
    },
  };
}

/**
 * The US states as an SVG document, at the detail a 960 px map can show (whole pixels). Every state
 * has the same fill, so the country's outline is filled once instead of each state's shape (which
 * would draw every inner border twice more): the nation's path is written once and used twice, for
 * the fill under the white state borders and the coast drawn over them.
 */
export async function renderUsStatesSvg(): Promise<string> {
  const { topology, projection } = await load();
  const draw = geoPath(screenDetail(projection)).digits(0);
  const borders = draw(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? "";
  const nation = draw(feature(topology, topology.objects.nation)) ?? "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}">`,
    `<title>Map of the United States</title>`,
    `<defs><path id="nation" d="${nation}"/></defs>`,
    `<use href="#nation" fill="#d5eef8"/>`,
    `<path d="${borders}" fill="none" stroke="#ffffff" stroke-width="1.2" stroke-linejoin="round"/>`,
    `<use href="#nation" fill="none" stroke="#72c3e4" stroke-width="1.2" stroke-linejoin="round"/>`,
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
