import { runPage, type PageConfig } from './app.ts';

// The bundle's entry: reads config.json from beside the page, then runs it.
const root = document.querySelector<HTMLElement>('#app');
const status = document.querySelector<HTMLElement>('#status');
try {
  if (!root) throw new Error('The page has no #app element.');
  const answer = await fetch('config.json');
  if (!answer.ok) throw new Error(`config.json: ${answer.status}`);
  const config = (await answer.json()) as PageConfig;
  await runPage(root, config, { location: window.location, history: window.history, storage: window.sessionStorage });
} catch (error) {
  if (status) status.textContent = `Error: ${error instanceof Error ? error.message : String(error)}`;
  throw error;
}
