import { forwardRef } from 'react';
import type { DiagramLayout, EdgeLayout } from './layout';

/**
 * The machine as SVG. Styles are attributes (not CSS classes) so the downloaded file looks the same.
 * Active states are filled blue and named in their accessible label; the transitions just taken
 * and the ones enabled now are drawn thicker. Transitions that stay in their state are listed inside
 * it (a loop icon and the label) rather than drawn as arrows.
 */
export interface DiagramProps {
  layout: DiagramLayout;
  title: string;
  active?: ReadonlySet<string>;
  /** Transition ids enabled in the current state. */
  enabled?: ReadonlySet<string>;
  /** Transition ids taken by the last step. */
  taken?: ReadonlySet<string>;
  /** Drawn size relative to the layout (zoom); the coordinates (viewBox) stay the same. */
  scale?: number;
}

const COLORS = {
  box: '#ffffff',
  border: '#495057',
  active: '#d0ebff',
  activeBorder: '#1971c2',
  text: '#212529',
  edge: '#868e96',
  enabled: '#1971c2',
  taken: '#e8590c',
};

/** How a transition is drawn: just taken, enabled now, or neither. */
function kindOf(id: string, taken?: ReadonlySet<string>, enabled?: ReadonlySet<string>) {
  return taken?.has(id) ? 'taken' : enabled?.has(id) ? 'enabled' : 'plain';
}
const colorOf = (kind: string) =>
  kind === 'taken' ? COLORS.taken : kind === 'enabled' ? COLORS.enabled : COLORS.edge;

/** A small circular arrow: the transition leaves the state and comes back to it. */
function loopIcon(x: number, y: number, color: string) {
  const cx = x + 5;
  const cy = y - 4;
  return (
    <path
      d={`M${cx + 4},${cy} A4,4 0 1,1 ${cx},${cy - 4} M${cx},${cy - 4} l-2,-2 M${cx},${cy - 4} l-2,2`}
      fill="none"
      stroke={color}
      strokeWidth={1.2}
    />
  );
}

function edgePath(edge: EdgeLayout): string {
  return edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

export const Diagram = forwardRef<SVGSVGElement, DiagramProps>(function Diagram(
  { layout, title, active, enabled, taken, scale = 1 },
  ref,
) {
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
      width={Math.ceil(layout.width * scale)}
      height={Math.ceil(layout.height * scale)}
      role="img"
      aria-labelledby="machine-diagram-title"
      fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
      fontSize="12"
      style={{ maxWidth: 'none', display: 'block' }}
    >
      <title id="machine-diagram-title">{title}</title>
      <defs>
        {Object.entries({ plain: COLORS.edge, enabled: COLORS.enabled, taken: COLORS.taken }).map(
          ([name, color]) => (
            <marker
              key={name}
              id={`arrow-${name}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={color} />
            </marker>
          ),
        )}
      </defs>
      <rect x={0} y={0} width={layout.width} height={layout.height} fill="#f8f9fa" />
      {layout.boxes.map((box) => {
        const on = active?.has(box.id) ?? false;
        const final = box.type === 'final';
        return (
          <g
            key={box.id}
            data-state={box.id}
            data-active={on ? 'true' : undefined}
            aria-label={`${box.label} (${box.type}${box.initial ? ', initial' : ''}${on ? ', current' : ''})`}
          >
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={box.container ? 10 : 8}
              fill={on ? COLORS.active : box.container ? 'none' : COLORS.box}
              stroke={on ? COLORS.activeBorder : COLORS.border}
              strokeWidth={on ? 2.5 : box.container ? 1 : 1.5}
              strokeDasharray={box.region ? '6 4' : undefined}
            />
            {final ? (
              <rect
                x={box.x + 4}
                y={box.y + 4}
                width={box.width - 8}
                height={box.height - 8}
                rx={5}
                fill="none"
                stroke={on ? COLORS.activeBorder : COLORS.border}
                strokeWidth={1.2}
              />
            ) : null}
            <text
              x={box.container ? box.x + 10 : box.x + box.width / 2}
              y={box.container ? box.y + 18 : box.loops.length ? box.y + 22 : box.y + box.height / 2 + 4}
              textAnchor={box.container ? 'start' : 'middle'}
              fill={COLORS.text}
              fontWeight={box.container ? 600 : 400}
            >
              {box.label}
              {box.type === 'parallel' ? ' ∥' : ''}
            </text>
            {box.loops.map((loop) => {
              const kind = kindOf(loop.transitionId, taken, enabled);
              const color = kind === 'plain' ? COLORS.text : colorOf(kind);
              return (
                <g key={loop.transitionId} data-transition={loop.transitionId} data-loop="true">
                  {loopIcon(loop.x, loop.y, kind === 'plain' ? COLORS.edge : color)}
                  <text x={loop.x + 14} y={loop.y} fill={color} fontWeight={kind === 'plain' ? 400 : 600}>
                    {loop.label}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
      {layout.dots.map((dot) => (
        <circle key={dot.id} cx={dot.x} cy={dot.y} r={5} fill={COLORS.text} />
      ))}
      {layout.edges.map((edge) => {
        const kind = edge.initialMarker ? 'plain' : kindOf(edge.transitionId, taken, enabled);
        const color = colorOf(kind);
        return (
          <g key={edge.id} data-transition={edge.transitionId || undefined}>
            <path
              d={edgePath(edge)}
              fill="none"
              stroke={edge.initialMarker ? COLORS.text : color}
              strokeWidth={kind === 'plain' ? 1.2 : 2.2}
              markerEnd={`url(#arrow-${kind})`}
            />
            {edge.label ? (
              <text x={edge.labelX + 2} y={edge.labelY + 12} fill={kind === 'plain' ? COLORS.text : color}>
                {edge.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
});

/** The diagram as a standalone SVG file's text. */
export function svgFileText(svg: SVGSVGElement): string {
  // At its natural size, whatever the zoom on screen.
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(' ');
  if (width && height) {
    copy.setAttribute('width', width);
    copy.setAttribute('height', height);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}
