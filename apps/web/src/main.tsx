import './index.css';
import { preloadScreen } from './app/screen-preloads.ts';

/**
 * The boot, one library per task. Imported together, the libraries' modules (React DOM, the router, zod and the
 * API contract, React Query, ts-rest) and the app's own were evaluated in one task of ~100 ms on a fast machine,
 * four times that on a mid-range phone: a page that looked ready but did not answer a tap. Each step's chunk is
 * fetched before (boot-preload-plugin.ts), and a turn of the event loop between steps lets the browser paint and
 * handle input. Leaves first: a step's import evaluates what it needs and was not evaluated before.
 */
const steps = [
  () => import('react-dom/client'),
  // Each import names one export: a whole namespace would keep every export of the package, the unused ones too
  // (the router's chunk was twice as big).
  () => import('react-router-dom').then(({ RouterProvider }) => RouterProvider),
  () => import('@site/contract').then(({ contract }) => contract),
  () => import('@tanstack/react-query').then(({ QueryClient }) => QueryClient),
  () => import('@ts-rest/react-query/v5').then(({ initTsrReactQuery }) => initTsrReactQuery),
];

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A turn of the event loop without the 4 ms that browsers add to a chain of timeouts after the fifth. */
const yieldNow = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

/** After the next frame has been drawn (a hidden tab draws none: there, at once). */
const painted = () =>
  new Promise((resolve) => {
    if (document.visibilityState === 'hidden') resolve(undefined);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/**
 * The boot's other chunks, which wait in a template (boot-preload-plugin.ts), asked for one per task: starting a
 * request costs the main thread a few milliseconds on a phone, a dozen of them at once made one long task.
 */
async function askForTheRest() {
  const preloads = document.getElementById('boot-preloads');
  if (!(preloads instanceof HTMLTemplateElement)) return;
  for (const link of [...preloads.content.children]) {
    document.head.append(link);
    await yieldNow();
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A member's screen is not in the HTML: its code and first reads come beside the boot's, not after it.
preloadScreen(location.pathname);
// The page is in the HTML: it is drawn before the code comes, which is then asked for all together.
await painted();
void askForTheRest();
for (const step of steps) {
  await step();
  await nextTask();
}
const { start } = await import('./app/start.tsx');
// Evaluating the app's own chunk (which sets up the API client for every endpoint) is a task of its own too.
await nextTask();
await start(root);
