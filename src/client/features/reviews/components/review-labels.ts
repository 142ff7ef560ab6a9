import { PLAY_FORMAT_LABELS, PLAY_STYLE_LABELS, USAGE_PERIOD_LABELS, type PublicReview } from '#common/schemas/reviews.ts';

/** "Skill 3.5 · Doubles · Control · Used 1-6 months": the player context a review was written in. */
export function playerContext(review: Pick<PublicReview, 'skillLevel' | 'playFormat' | 'playStyle' | 'usagePeriod'>): string[] {
  return [
    `Skill ${review.skillLevel}`,
    PLAY_FORMAT_LABELS[review.playFormat],
    PLAY_STYLE_LABELS[review.playStyle],
    `Used ${USAGE_PERIOD_LABELS[review.usagePeriod].toLowerCase()}`,
  ];
}
