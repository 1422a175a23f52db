// Demo data of program drives: each program's shared materials start with one folder, so a new applicant's drive
// shows what the shared area is for. Runs with the rest of the demo seed (server/seed.ts), once.
import { isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { driveNodes, programs } from '#server/db/schema.ts';

export const DEMO_SHARED_FOLDER = 'Materiales del taller - Workshop materials';

export async function seedDriveDemo(db: Db, now: Date): Promise<void> {
  const [any] = await db.select({ id: driveNodes.id }).from(driveNodes).where(isNull(driveNodes.owner_id)).limit(1);
  if (any) return;
  const all = await db.select({ id: programs.id }).from(programs);
  if (all.length === 0) return;
  await db
    .insert(driveNodes)
    .values(all.map((program) => ({ program_id: program.id, owner_id: null, parent_id: null, kind: 'folder', name: DEMO_SHARED_FOLDER, created_at: now, updated_at: now })));
}
