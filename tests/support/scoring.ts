// The scoring tests' own reading of a rubric (docs/decisions/033-scoring-and-notes.md): a criterion as the contract
// shapes it, and the weighted total written from the definition, not from the server, so a test can catch the server.

export interface Criterion {
  key: string;
  name_es: string;
  name_en: string;
  weight: number;
  max_score: number;
}

/** 100 x sum(weight x score / max) / sum(weight), rounded to 0.1; a missing score is 0, one over its maximum counts as it. */
export function expectedTotal(criteria: Criterion[], scores: Record<string, number>): number {
  let weighted = 0;
  let weights = 0;
  for (const c of criteria) {
    weighted += c.weight * (Math.min(scores[c.key] ?? 0, c.max_score) / c.max_score);
    weights += c.weight;
  }
  return Math.round((1000 * weighted) / weights) / 10;
}
