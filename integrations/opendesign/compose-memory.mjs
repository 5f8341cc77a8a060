// The memory part of the daemon's system prompt, with the creative block where the seed puts it
// (Decisions A3 + B1): the `## Personal memory` group first — its body and the instruction blocks
// the daemon adds after it (Intent gateway, Self-verify, Propose new verified rules) — then
// `## Creative memory`, right before `## Custom instructions` (docs/decisions/0017). An empty
// block adds nothing — no heading, no stray separator.
//
// Run it to see the part for one data dir and project:
//   node compose-memory.mjs --data-dir DIR [--project ID] [--personal-body FILE] [--command od-memory]

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

import { createCreativeMemory } from './creative-memory-client.mjs';

export const PERSONAL_MEMORY_HEADING = '## Personal memory (auto-extracted from past chats)';
// The daemon's own preamble under its Personal memory heading (its prompt variants may word it
// differently; pass `personalPreamble` to use the variant's text).
export const PERSONAL_MEMORY_PREAMBLE =
  "The following facts have been sedimented from this user's previous conversations and edited " +
  'in the settings panel. Treat them as preferences and context, NOT hard rules: when they collide ' +
  "with the active design system tokens, the brand wins; when they collide with the active skill's " +
  'workflow, the skill wins. They are still authoritative for tone, voice, terminology, and what ' +
  'the user already told you about themselves and their goals — never re-ask the user about ' +
  'something already captured here.';

// The blocks the daemon adds after a non-empty Personal memory body: they belong to its group.
export const PERSONAL_MEMORY_INSTRUCTIONS = ['## Intent gateway', '## Self-verify', '## Propose new verified rules'];

// personalMemoryBody: what the daemon's composeMemoryBody() returned ('' when there is none).
// personalMemoryInstructions: the text of the blocks the daemon adds after that body, as switched on.
// creativeBlock: `block` from retrieveForInjection() ('' when memory is off, paused, disabled
// for the project, has nothing strong enough, or did not answer in time).
export function composeMemoryPart({
  personalMemoryBody = '',
  personalMemoryInstructions = '',
  creativeBlock = '',
  personalPreamble = PERSONAL_MEMORY_PREAMBLE,
}) {
  const parts = [];
  const body = personalMemoryBody.trim();
  if (body) {
    parts.push(`${PERSONAL_MEMORY_HEADING}\n\n${personalPreamble}\n\n${body}`);
    if (personalMemoryInstructions) parts.push(personalMemoryInstructions);
  }
  if (creativeBlock) parts.push(creativeBlock);
  return parts.join('\n\n');
}

// For a composer that keeps its prompt as a list of sections: the creative block goes right
// before the first Custom instructions section; without one, after the Personal memory group (its
// section and the instruction sections that follow it); without either, after the first section
// (the identity charter).
export function placeCreativeBlock(sections, creativeBlock) {
  if (!creativeBlock) return [...sections];
  const starts = (s, prefix) => s.trimStart().startsWith(prefix);
  const custom = sections.findIndex((s) => starts(s, '## Custom instructions'));
  let at = custom;
  if (at < 0) {
    const personal = sections.findIndex((s) => starts(s, '## Personal memory'));
    at = personal >= 0 ? personal + 1 : Math.min(1, sections.length);
    while (at > 0 && at < sections.length && PERSONAL_MEMORY_INSTRUCTIONS.some((h) => starts(sections[at], h))) at++;
  }
  return [...sections.slice(0, at), creativeBlock, ...sections.slice(at)];
}

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      project: { type: 'string' },
      mode: { type: 'string', default: 'generation' },
      'personal-body': { type: 'string' },
      command: { type: 'string', default: 'od-memory' },
      now: { type: 'string' },
      'timeout-ms': { type: 'string', default: '5000' },
    },
  });
  if (!values['data-dir']) {
    console.error('compose-memory: give --data-dir DIR, the data folder Open Design uses.');
    process.exit(2);
  }
  const memory = createCreativeMemory({
    dataDir: values['data-dir'],
    command: values.command,
    args: values.now ? ['--now', values.now] : [],
  });
  try {
    // A first call after start-up waits for the child (about a second); the daemon starts the
    // client with itself, so its runs only ever see the per-call budget.
    const { block, note, error } = await memory.retrieveForInjection({
      projectId: values.project ?? null,
      mode: values.mode,
      dryRun: true,
      timeoutMs: Number(values['timeout-ms']),
    });
    const personal = values['personal-body'] ? readFileSync(values['personal-body'], 'utf8') : '';
    process.stdout.write(`${composeMemoryPart({ personalMemoryBody: personal, creativeBlock: block })}\n`);
    if (note) console.error(note);
    if (error) process.exitCode = 1;
  } finally {
    await memory.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
