import { Injectable, SetMetadata } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { coveredOnce, markedProviders } from '../common/marked-steps';
import { PurgeRegistry } from '../purge';

/** The JSON files of the ZIP, in the ZIP's order. */
export const EXPORT_FILES = [
  'account.json',
  'profile.json',
  'photos.json',
  'conversations.json',
  'likes.json',
  'swipes.json',
  'visits.json',
  'favourites.json',
  'blocks.json',
  'complaints.json',
  'moderation.json',
  'payments.json',
  'credit_ledger.json',
  'boosts.json',
  'sessions.json',
  'notification_preferences.json',
  'staff_notes.json',
] as const;

export type ExportFile = (typeof EXPORT_FILES)[number];

/**
 * What the export does with a column that points at a member: the ZIP file holding its rows
 * (`file: <name>`, with `; <note>` when only some of them go in), or why they are left out
 * (`omit: <reason>`). Every column the purge covers has an entry, in the export step of the
 * feature whose purge step covers it; a test compares the two lists, so a new table with
 * personal data fails until both the purge and the export cover it.
 */
export type ExportCoverage =
  `file: ${ExportFile}` | `file: ${ExportFile}; ${string}` | `omit: ${string}`;

/** The entry of a column that only staff accounts fill (who handled, decided, wrote). */
export const STAFF_WORK =
  'omit: staff work; a staff account is not a member and has no member data here' as const;

/** What the export knows before the steps run, the same for every step. */
export interface ExportContext {
  /** Whether the member may see who liked them (as their likes page: premium, the setting). */
  likersShown: boolean;
}

/** A stored file of the member, put into the ZIP under `path`. */
export interface ExportedFile {
  kind: 'photos' | 'chat';
  name: string;
  path: string;
}

/** A feature's part of the export. */
export interface ExportPart {
  /** JSON files the step writes whole (likes.json). */
  json?: Partial<Record<ExportFile, unknown>>;
  /** Its sections of a JSON file several steps write (account.json), merged by their names. */
  sections?: Partial<Record<ExportFile, Record<string, unknown>>>;
  /** Stored files that go into the ZIP as they are (photos). */
  files?: ExportedFile[];
}

/**
 * A feature's part of "Download my data" (GDPR art. 15 and 20), declared beside its purge step
 * and marked `@Exports()`: `covers` gives every column its purge step covers an entry (the file
 * or why not), and `collect` reads the member's rows of the feature's own tables. A step whose
 * columns are all omitted has no `collect`.
 */
export interface ExportStep {
  readonly covers: Record<string, ExportCoverage>;
  collect?(userId: number, context: ExportContext): Promise<ExportPart>;
}

/** The whole export: every JSON file of the ZIP and the stored files that go with them. */
export interface ExportContents {
  json: Record<ExportFile, unknown>;
  files: ExportedFile[];
}

const EXPORT_STEP = 'export:step';

/** Registers a provider as an export step (see ExportStep). */
export const Exports = () => SetMetadata(EXPORT_STEP, true);

/**
 * How many steps read at once. The steps are independent; the export job runs in the worker
 * (its statement timeout, JOB_STATEMENT_TIMEOUT_MS, one export at a time) and its pool of
 * DB_POOL_SIZE connections serves the other jobs meanwhile, so an export takes a few of them.
 */
const STEPS_AT_ONCE = 4;

/** Finds every export step of the running process and walks them for a member's export. */
@Injectable()
export class ExportRegistry {
  private checked = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly purge: PurgeRegistry,
  ) {}

  steps(): ExportStep[] {
    return markedProviders<ExportStep>(this.discovery, this.reflector, EXPORT_STEP);
  }

  /** Every covered column with what the export does with it (what EXPORT_COVERS was). */
  coverage(): Record<string, ExportCoverage> {
    return coveredOnce(this.steps(), 'export');
  }

  /** Throws (so no export leaves data out unsaid) when a column pointing at members has no entry. */
  async assertComplete(): Promise<void> {
    if (this.checked) return;
    const covered = this.coverage();
    const missing = (await this.purge.memberColumns()).filter((column) => !covered[column]);
    if (missing.length) {
      throw new Error(`No export step covers ${missing.join(', ')}: the export would leave data`);
    }
    this.checked = true;
  }

  /**
   * Everything the site keeps about the member, as the export's files: every step's part, a few
   * steps at a time. Other members appear only by their member id; what others wrote about the
   * member, and staff, are left out (see the steps' `covers`).
   */
  async collect(userId: number, context: ExportContext): Promise<ExportContents> {
    await this.assertComplete();
    const steps = this.steps();
    const parts = await inLanes(STEPS_AT_ONCE, steps, (step) =>
      step.collect ? step.collect(userId, context) : Promise.resolve({}),
    );
    return mergeParts(parts);
  }
}

/** Runs `run` over the items, at most `lanes` at once, keeping their order in the results. */
async function inLanes<T, R>(
  lanes: number,
  items: readonly T[],
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await run(items[at] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}

/**
 * The steps' parts as the ZIP's files: a file is written whole by one step, or in sections by
 * one or more (merged by name); a file written twice, a section named twice or a file no step
 * writes is a mistake in the steps, and throws.
 */
export function mergeParts(parts: ExportPart[]): ExportContents {
  const whole = new Map<ExportFile, unknown>();
  const sectioned = new Map<ExportFile, Record<string, unknown>>();
  for (const part of parts) {
    for (const [file, value] of Object.entries(part.json ?? {}) as [ExportFile, unknown][]) {
      if (whole.has(file) || sectioned.has(file)) throw new Error(`Two export steps write ${file}`);
      whole.set(file, value);
    }
    for (const [file, sections] of Object.entries(part.sections ?? {}) as [
      ExportFile,
      Record<string, unknown>,
    ][]) {
      if (whole.has(file)) throw new Error(`Two export steps write ${file}`);
      const merged = sectioned.get(file) ?? {};
      for (const [name, value] of Object.entries(sections)) {
        if (name in merged) throw new Error(`Two export steps write ${file} → ${name}`);
        merged[name] = value;
      }
      sectioned.set(file, merged);
    }
  }
  const json = {} as Record<ExportFile, unknown>;
  for (const file of EXPORT_FILES) {
    if (!whole.has(file) && !sectioned.has(file)) throw new Error(`No export step writes ${file}`);
    json[file] = whole.has(file) ? whole.get(file) : sectioned.get(file);
  }
  return { json, files: parts.flatMap((part) => part.files ?? []) };
}
