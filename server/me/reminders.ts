// The signed-in person's choice of reminder e-mails (server/operations/reminders.ts sends them).
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

export async function setReminders(db: Db, userId: number, enabled: boolean, now: Date): Promise<{ enabled: boolean }> {
  const [row] = await db.update(users).set({ reminders: enabled, updated_at: now }).where(eq(users.id, userId)).returning({ reminders: users.reminders });
  return { enabled: row?.reminders ?? enabled };
}
