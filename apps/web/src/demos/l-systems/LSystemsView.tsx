import { useState, type ChangeEvent } from 'react';
import { LSystemCanvas } from './LSystemCanvas.tsx';
import styles from './lsystems.module.css';
import { PRESETS, type Preset } from './presets.ts';
import { ProgramForm, type EditorFields } from './ProgramForm.tsx';
import { runProgram, type Rendered } from './run.ts';

/** Zoom factors of the − and + buttons. */
const ZOOM_OUT = 0.9;
const ZOOM_IN = 1.1;

function fieldsOf(preset: Preset): EditorFields {
  return {
    axiom: preset.axiom,
    rules: preset.rules,
    angle: String(preset.angle),
    heading: String(preset.heading),
    iterations: String(preset.iterations),
  };
}

const FIRST = PRESETS[0] as Preset;

/** L-system explorer: pick or write a program, draw it with a turtle, zoom and pan. */
export default function LSystemsView() {
  const [presetName, setPresetName] = useState(FIRST.name);
  const [fields, setFields] = useState(() => fieldsOf(FIRST));
  const [rendered, setRendered] = useState<Rendered | null>(() => {
    const first = runProgram(fieldsOf(FIRST), String(FIRST.iterations));
    return first.ok ? first.value : null;
  });
  const [error, setError] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });

  const draw = (program: EditorFields) => {
    const result = runProgram(program, program.iterations);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setRendered(result.value);
    setZoom(1);
    setPan({ x: 0, y: 0 });
  };

  const choosePreset = (event: ChangeEvent<HTMLSelectElement>) => {
    const preset = PRESETS.find((p) => p.name === event.target.value);
    setPresetName(event.target.value);
    if (!preset) return;
    const next = fieldsOf(preset);
    setFields(next);
    draw(next);
  };

  const edit = (next: EditorFields) => {
    setFields(next);
    setPresetName('');
  };

  const drawing = rendered?.drawing ?? null;

  return (
    <div className={styles.demo}>
      <div className={`row ${styles.toolbar}`}>
        <label className={styles.inline}>
          <span>Preset</span>
          <select className="input" value={presetName} onChange={choosePreset}>
            {presetName === '' && <option value="">Custom program</option>}
            {PRESETS.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.zoom} role="group" aria-label="Zoom">
          <button
            type="button"
            className="btn"
            onClick={() => setZoom((z) => z * ZOOM_OUT)}
            aria-label="Zoom out"
          >
            −
          </button>
          <span className={styles.zoomValue} data-testid="lsystems-zoom">
            {Math.round(zoom * 100)}%
          </span>
          <button
            type="button"
            className="btn"
            onClick={() => setZoom((z) => z * ZOOM_IN)}
            aria-label="Zoom in"
          >
            +
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setZoom(1);
              setPan({ x: 0, y: 0 });
            }}
          >
            Fit
          </button>
        </div>
      </div>
      <LSystemCanvas
        drawing={drawing}
        zoom={zoom}
        pan={pan}
        onPan={(dx, dy) => setPan((p) => ({ x: p.x + dx, y: p.y + dy }))}
      />
      <p className={styles.stats} aria-live="polite">
        {rendered
          ? `${rendered.drawing.count.toLocaleString('en-US')} segments from ${rendered.symbols.toLocaleString('en-US')} symbols. Drag to pan.`
          : 'Nothing drawn yet.'}
        {rendered && rendered.drawing.count === 0 && ' This program draws nothing: use F or G to draw.'}
      </p>
      <ProgramForm fields={fields} onChange={edit} onSubmit={() => draw(fields)} error={error} />
    </div>
  );
}
