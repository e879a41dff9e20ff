import { useEffect, useRef } from 'react';
import { cubeSegments, type Point } from './cube.ts';

const size = 600;

/** A wireframe cube on a 600x600 canvas that turns with the mouse (or finger) position. */
export function SplashCube() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const ctx = canvas.getContext('2d')!;
    let frame = 0;
    const draw = (pointer: Point) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        ctx.clearRect(0, 0, size, size);
        const gradient = ctx.createLinearGradient(0, 0, size, size);
        gradient.addColorStop(0, '#6366f1');
        gradient.addColorStop(1, '#ec4899');
        ctx.strokeStyle = gradient;
        ctx.lineWidth = 4;
        ctx.lineCap = 'round';
        ctx.beginPath();
        for (const [a, b] of cubeSegments(pointer, size)) {
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
        }
        ctx.stroke();
      });
    };
    // The pointer anywhere on the page turns the cube, measured against the canvas.
    const onMove = (e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      const scale = size / rect.width;
      draw({ x: (e.clientX - rect.left) * scale, y: (e.clientY - rect.top) * scale });
    };
    draw({ x: size * 0.62, y: size * 0.4 });
    window.addEventListener('pointermove', onMove);
    return () => {
      window.removeEventListener('pointermove', onMove);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      width={size}
      height={size}
      aria-label="A wireframe cube that turns as you move the mouse"
      role="img"
      style={{ width: '100%', maxWidth: size, height: 'auto', touchAction: 'pan-y' }}
    />
  );
}
