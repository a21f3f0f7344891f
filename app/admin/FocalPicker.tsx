import { focalFromClick, mediaTexts as t } from "@domain/media-library.ts";

/**
 * The focal point picker (decision 099): a click on the image puts the point there; the arrow keys move
 * it by 5% for those who do not use a pointer. The point is what crops (object-fit: cover) keep.
 */
export function FocalPicker({
  src,
  focal,
  onChange,
  width,
  height,
}: {
  src: string;
  focal: { x: number; y: number };
  onChange: (focal: { x: number; y: number }) => void;
  width?: number;
  height?: number;
}) {
  const step = (dx: number, dy: number) =>
    onChange({
      x: Math.min(1, Math.max(0, Math.round((focal.x + dx) * 100) / 100)),
      y: Math.min(1, Math.max(0, Math.round((focal.y + dy) * 100) / 100)),
    });
  return (
    <div className="focal">
      <button
        type="button"
        className="focal__frame"
        aria-label={`${t.focal}. ${t.focalValue(focal.x, focal.y)}`}
        onClick={(event) => {
          const box = event.currentTarget.getBoundingClientRect();
          // A click from the keyboard (Enter, Space) has no position: it leaves the point where it is.
          if (event.clientX === 0 && event.clientY === 0) return;
          onChange(focalFromClick(event.clientX - box.left, event.clientY - box.top, box.width, box.height));
        }}
        onKeyDown={(event) => {
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [-0.05, 0],
            ArrowRight: [0.05, 0],
            ArrowUp: [0, -0.05],
            ArrowDown: [0, 0.05],
          };
          const move = moves[event.key];
          if (!move) return;
          event.preventDefault();
          step(move[0], move[1]);
        }}
      >
        <img src={src} alt="" width={width} height={height} draggable={false} />
        <span
          className="focal__point"
          aria-hidden="true"
          style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }}
        />
      </button>
      <p className="field__hint">
        {t.focalHint} {t.focalValue(focal.x, focal.y)}
      </p>
    </div>
  );
}
