// The deployment's schools (issue 46, DESIGN.md §10): the list kept in the platform's own small
// store, and each school's runtime (./school.ts) built once and kept. A request finds its school
// here by the account header and the host it was sent to; a background pass runs per school.
import { ApiError } from '../../src/core/errors.ts';
import { createStaff } from '../../src/core/admin/staff-accounts.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import type { UserRecord } from '../../src/domain/records.ts';
import { newUser } from '../../src/domain/accounts.ts';
import {
  HOST_PATTERN,
  normalHost,
  PLATFORM_MESSAGES as M,
  SCHOOL_ID_PATTERN,
  type SchoolRecord,
  type SchoolStatus,
} from '../../src/domain/platform.ts';
import type { School } from './school.ts';

export type { SchoolRecord };

export interface NewSchool {
  id: string;
  name: string;
  hosts: string[];
  admin_email: string;
  admin_password?: string;
}

/** How often an instance reads the list again (a school created or suspended on another instance). */
export const SCHOOLS_REFRESH_MS = 15_000;

const ID_REGEX = new RegExp(SCHOOL_ID_PATTERN);
const HOST_REGEX = new RegExp(HOST_PATTERN);
/** Names a server always answers as itself: a one-school server on a laptop, a probe, a test. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export class Schools {
  readonly default: School;
  readonly #platform: Store | null;
  readonly #build: (record: SchoolRecord) => Promise<School>;
  readonly #drop: (id: string) => Promise<void>;
  readonly #byId = new Map<string, School>();
  readonly #byHost = new Map<string, School>();
  /** Schools being built, so two requests for a new one build it once. */
  readonly #building = new Map<string, Promise<School>>();
  #loadedAt = 0;
  #loading: Promise<void> | null = null;

  constructor(options: {
    default: School;
    /** Null: a one-school deployment (no operator, nothing created), as before issue 46. */
    platform: Store | null;
    build: (record: SchoolRecord) => Promise<School>;
    /** Removes a deleted school's store and data. */
    drop?: (id: string) => Promise<void>;
  }) {
    this.default = options.default;
    this.#platform = options.platform;
    this.#build = options.build;
    this.#drop = options.drop ?? (async () => undefined);
    this.#index(this.default);
  }

  get platformStore(): Store | null {
    return this.#platform;
  }

  #records() {
    if (!this.#platform) throw new ApiError(404, M.notFound);
    return this.#platform.collection<SchoolRecord>('escuelas');
  }

  #index(school: School): void {
    this.#byId.set(school.id, school);
    for (const host of school.hosts) this.#byHost.set(normalHost(host), school);
  }

  /** Every school this instance runs, the default first. */
  all(): School[] {
    return [...this.#byId.values()];
  }

  /** The school with this id, if this instance knows it (see `find` for one created elsewhere). */
  get(id: string): School | undefined {
    return this.#byId.get(id);
  }

  /** The school that claims this host name, if any. */
  byHost(host: string | undefined): School | undefined {
    return host ? this.#byHost.get(normalHost(host)) : undefined;
  }

  /**
   * The school a host shows when no school claims it: the default school on its own address, on
   * loopback, or anywhere while it is the only school (a one-school server answers as today);
   * otherwise none ('Escuela no encontrada').
   */
  fallbackFor(host: string | undefined): School | undefined {
    if (this.#byId.size === 1) return this.default;
    const name = host ? normalHost(host) : '';
    if (LOOPBACK.has(name) || name === normalHost(new URL(this.default.config.publicUrl).host))
      return this.default;
    return undefined;
  }

  /** The school with this id, reading the list again first when this instance does not know it yet. */
  async find(id: string): Promise<School | undefined> {
    const known = this.#byId.get(id);
    if (known || !ID_REGEX.test(id)) return known;
    // At most once a second: an unknown id in every request must not read the store each time.
    if (Date.now() - this.#loadedAt > 1000) await this.load();
    return this.#byId.get(id);
  }

  /** Reads the list and builds the schools this instance does not run yet; statuses follow the list. */
  load(): Promise<void> {
    if (!this.#platform) return Promise.resolve();
    this.#loading ??= (async () => {
      try {
        const records = await this.#records().find({}, { sort: { created_at: 1 } });
        for (const record of records) {
          const school = await this.#ensure(record);
          school.status = record.status;
        }
        this.#loadedAt = Date.now();
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }

  async #ensure(record: SchoolRecord): Promise<School> {
    const known = this.#byId.get(record._id);
    if (known) return known;
    let building = this.#building.get(record._id);
    if (!building) {
      building = this.#build(record);
      this.#building.set(record._id, building);
    }
    try {
      const school = await building;
      this.#index(school);
      return school;
    } finally {
      this.#building.delete(record._id);
    }
  }

  /** Creates a school: its record, its runtime, and its first administrator (invited, or with a password). */
  async create(input: NewSchool): Promise<School> {
    const id = input.id.trim().toLowerCase();
    if (!ID_REGEX.test(id)) throw new ApiError(400, M.badId);
    const hosts = [...new Set(input.hosts.map(normalHost))];
    for (const host of hosts) if (!HOST_REGEX.test(host)) throw new ApiError(400, M.badHost(host));
    await this.load();
    if (this.#byId.has(id)) throw new ApiError(409, M.idTaken);
    for (const host of hosts) if (this.byHost(host)) throw new ApiError(409, M.hostTaken(host));
    const record: SchoolRecord = {
      _id: id,
      name: input.name.trim(),
      hosts,
      status: 'active',
      admin_email: input.admin_email.trim().toLowerCase(),
      created_at: new Date(),
    };
    try {
      await this.#records().insertOne(record);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new ApiError(409, M.idTaken);
      throw error;
    }
    const school = await this.#ensure(record);
    await firstAdministrator(school, record.admin_email, input.admin_password);
    return school;
  }

  /** Suspends or reactivates a school; the default school is never suspended. */
  async setStatus(id: string, status: SchoolStatus): Promise<School> {
    const school = await this.find(id);
    if (!school) throw new ApiError(404, M.notFound);
    if (school.isDefault) throw new ApiError(409, M.defaultStays);
    await this.#records().updateOne({ _id: id }, { set: { status } });
    school.status = status;
    return school;
  }

  /** Notes that the school's data was exported now (deleting it asks for a recent export). */
  async markExported(id: string, at = new Date()): Promise<void> {
    if (this.get(id)?.isDefault) return;
    await this.#records().updateOne({ _id: id }, { set: { exported_at: at } });
  }

  /**
   * Deletes a school for good: only after an export of the last 24 hours and with its id typed
   * again. Its runtime stops, its store and folder go; its backups stay where they are.
   */
  async remove(id: string, confirmation: string, now = new Date()): Promise<void> {
    const school = await this.find(id);
    if (!school) throw new ApiError(404, M.notFound);
    if (school.isDefault) throw new ApiError(409, M.defaultStays);
    if (confirmation.trim() !== id) throw new ApiError(400, M.confirmId);
    const record = await this.#records().findById(id);
    const exported = record?.exported_at ? new Date(record.exported_at).getTime() : 0;
    if (now.getTime() - exported > 24 * 3_600_000) throw new ApiError(409, M.exportFirst);
    await this.#records().deleteMany({ _id: id });
    this.#byId.delete(id);
    for (const [host, owner] of this.#byHost) if (owner === school) this.#byHost.delete(host);
    await school.stop();
    await this.#drop(id);
  }

  /** Stops every school's passes and outbox. */
  async stop(): Promise<void> {
    await Promise.all(this.all().map((school) => school.stop()));
  }
}

/**
 * The new school's first administrator: with a password (scripts and tests) the account can sign
 * in at once; without, it gets the staff invitation's e-mail to choose one (issue 25's link).
 */
async function firstAdministrator(school: School, email: string, password?: string): Promise<void> {
  const deps = school.core.deps;
  if (password === undefined) {
    await createStaff(
      deps,
      { user: { _id: 'plataforma', email: 'plataforma' }, ip: '' },
      { name: 'Administrador', email, role: 'administrador' },
    );
    return;
  }
  await deps.store.collection<UserRecord>('usuarios').insertOne(
    newUser(email, await deps.passwords.hash(password), {
      name: 'Administrador',
      tipo: 'personal',
      role: 'administrador',
    }),
  );
}
