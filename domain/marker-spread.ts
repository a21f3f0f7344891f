/** A position on the screen, in pixels. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** The golden angle: successive pairs at the same spot part in directions that never line up. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * The points moved apart until no two squares of side `gap` centred on them overlap (the larger of
 * the horizontal and vertical distance is at least `gap`), each pair pushed apart along the line
 * between them by the same amount, so a cluster keeps its centre. Points with room are not moved.
 * Deterministic: the same points give the same result.
 *
 * For the partner map (decision 089): at the country-wide zoom, markers of nearby cities sat on top
 * of each other, and a marker half covered is a target too small to touch or click.
 */
export function spreadApart(points: readonly ScreenPoint[], gap: number, maxRounds = 200): ScreenPoint[] {
  const spread = points.map((p) => ({ x: p.x, y: p.y }));
  for (let round = 0; round < maxRounds; round++) {
    let moved = false;
    for (let i = 0; i < spread.length; i++) {
      for (let j = i + 1; j < spread.length; j++) {
        const a = spread[i]!;
        const b = spread[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        if (Math.max(Math.abs(dx), Math.abs(dy)) >= gap) continue;
        let distance = Math.hypot(dx, dy);
        if (distance < 1e-9) {
          const angle = (i * spread.length + j) * GOLDEN_ANGLE;
          dx = Math.cos(angle);
          dy = Math.sin(angle);
          distance = 0;
        } else {
          dx /= distance;
          dy /= distance;
        }
        // Along this direction, the distance at which the squares just touch, and a hair more.
        const needed = gap / Math.max(Math.abs(dx), Math.abs(dy)) + 1e-6;
        const push = (needed - distance) / 2;
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return spread;
}
