import { z } from 'zod';
import { LenientPageParam } from './whole-number.ts';
import { positiveId } from './whole-number.ts';

// Player reviews (docs/decisions/025): what a shopper writes, what the product page reads, what the
// admin's queue moderates. Review texts are plain text: never rendered as HTML anywhere.

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 5000;
export const OWNER_REPLY_MAX = 2000;
export const MAX_REVIEW_PHOTOS = 4;
export const REVIEWS_PAGE_SIZE = 10;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** "Was this helpful?" votes one person may cast an hour, across all reviews: stuffing meets 429. */
export const HELPFUL_VOTES_PER_HOUR = 30;

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const SKILL_LEVELS = ['2.5', '3.0', '3.5', '4.0', '4.5', '5.0+'] as const;
export const PLAY_FORMATS = ['singles', 'doubles'] as const;
export const PLAY_STYLES = ['power', 'control', 'all_court'] as const;
export const USAGE_PERIODS = ['under_a_week', '1_4_weeks', '1_6_months', 'over_6_months'] as const;

export const PLAY_FORMAT_LABELS: Record<(typeof PLAY_FORMATS)[number], string> = { singles: 'Singles', doubles: 'Doubles' };
export const PLAY_STYLE_LABELS: Record<(typeof PLAY_STYLES)[number], string> = { power: 'Power', control: 'Control', all_court: 'All-court' };
export const USAGE_PERIOD_LABELS: Record<(typeof USAGE_PERIODS)[number], string> = {
  under_a_week: 'Under a week',
  '1_4_weeks': '1-4 weeks',
  '1_6_months': '1-6 months',
  over_6_months: 'Over 6 months',
};

const pick = <T extends readonly [string, ...string[]]>(values: T, label: string) => z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

/** POST /api/products/:id/reviews and PUT /api/reviews/:id: the whole review, every time. */
export const ReviewInput = z.object({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`),
  body: z
    .string({ error: 'Review text is required' })
    .trim()
    .min(1, 'Review text is required')
    .max(REVIEW_BODY_MAX, `Review text must be at most ${REVIEW_BODY_MAX} characters`),
  skillLevel: pick(SKILL_LEVELS, 'Skill level'),
  playFormat: pick(PLAY_FORMATS, 'Singles or doubles'),
  playStyle: pick(PLAY_STYLES, 'Play style'),
  usagePeriod: pick(USAGE_PERIODS, 'How long used'),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReviewSort = z.enum(['newest', 'helpful']);
export type ReviewSort = z.infer<typeof ReviewSort>;

/** The product page's list query; an unknown filter value is ignored (a shared link still opens). */
export const ReviewListQuery = z.object({
  sort: ReviewSort.optional().catch(undefined),
  rating: z
    .string()
    .regex(/^[1-5]$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  skill: z.enum(SKILL_LEVELS).optional().catch(undefined),
  page: LenientPageParam,
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewPhoto = z.object({ id: z.number().int(), url: z.string() });
export type ReviewPhoto = z.infer<typeof ReviewPhoto>;

/** A published review as every shopper sees it. */
export const PublicReview = z.object({
  id: z.number().int(),
  /** first name and last initial, else the username */
  author: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  skillLevel: z.enum(SKILL_LEVELS),
  playFormat: z.enum(PLAY_FORMATS),
  playStyle: z.enum(PLAY_STYLES),
  usagePeriod: z.enum(USAGE_PERIODS),
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number().int(),
  /** the signed-in reader already voted it helpful */
  votedHelpful: z.boolean(),
  /** the signed-in reader wrote it (no vote button) */
  isOwn: z.boolean(),
  ownerReply: z.string().nullable(),
  photos: z.array(ReviewPhoto),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof PublicReview>;

/** The customer's own review, whatever its state. */
export const OwnReview = PublicReview.extend({ status: z.enum(REVIEW_STATUSES), productId: z.number().int() });
export type OwnReview = z.infer<typeof OwnReview>;

export const MyReviewResult = z.object({ review: OwnReview.nullable() });
export type MyReviewResult = z.infer<typeof MyReviewResult>;

/** Published reviews only: the average (2 decimals) and the count per star, 5 down to 1. */
export const RatingSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const ReviewPage = z.object({
  summary: RatingSummary,
  items: z.array(PublicReview),
  /** under the chosen filters */
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  sort: ReviewSort,
});
export type ReviewPage = z.infer<typeof ReviewPage>;

/** A step that needs nothing but its id (a vote, publish, hide): any JSON object or no body at all. */
export const NoInput = z.object({}).nullish();

/** The photo form's text fields: none; the file is the `photo` part. */
export const ReviewPhotoForm = z.object({});

export const HelpfulVoteResult = z.object({ helpfulCount: z.number().int() });

export const ReviewPhotoParams = z.object({
  id: positiveId('Id must be a positive integer'),
  photoId: positiveId('Photo id must be a positive integer'),
});

// The admin's queue.

export const AdminReviewListQuery = z.object({
  status: z.enum(REVIEW_STATUSES).optional().catch(undefined),
  page: LenientPageParam,
});
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuery>;

export const AdminReview = OwnReview.extend({
  productName: z.string(),
  username: z.string(),
  ownerRepliedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewList = z.object({
  items: z.array(AdminReview),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  counts: z.object({ pending: z.number().int(), published: z.number().int(), hidden: z.number().int() }),
});
export type AdminReviewList = z.infer<typeof AdminReviewList>;

export const OwnerReplyInput = z.object({
  reply: z
    .string({ error: 'Reply must be text' })
    .trim()
    .max(OWNER_REPLY_MAX, `Reply must be at most ${OWNER_REPLY_MAX} characters`)
    .transform((value) => (value === '' ? null : value)),
});
export type OwnerReplyInput = z.infer<typeof OwnerReplyInput>;

export const ReviewSettings = z.object({ holdForModeration: z.boolean({ error: 'holdForModeration must be true or false' }) });
export type ReviewSettings = z.infer<typeof ReviewSettings>;
