import { useState, type FormEvent } from 'react';
import {
  MAX_REVIEW_PHOTOS,
  PLAY_FORMAT_LABELS,
  PLAY_FORMATS,
  PLAY_STYLE_LABELS,
  PLAY_STYLES,
  REVIEW_BODY_MAX,
  REVIEW_TITLE_MAX,
  ReviewInput,
  SKILL_LEVELS,
  USAGE_PERIOD_LABELS,
  USAGE_PERIODS,
  type OwnReview,
} from '#common/schemas/reviews.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useSaveReview } from '../api/save-review.ts';

type Draft = Record<'rating' | 'title' | 'body' | 'skillLevel' | 'playFormat' | 'playStyle' | 'usagePeriod', string>;

// what an untouched field needs, in the shopper's words (the schema's own message names the allowed values)
const CHOOSE: Partial<Record<keyof Draft, string>> = {
  rating: 'Choose a rating from 1 to 5 stars',
  skillLevel: 'Choose your skill level',
  playFormat: 'Choose singles or doubles',
  playStyle: 'Choose your play style',
  usagePeriod: 'Choose how long you have used it',
};

const emptyDraft: Draft = { rating: '', title: '', body: '', skillLevel: '', playFormat: '', playStyle: '', usagePeriod: '' };

function draftOf(review: OwnReview | null): Draft {
  if (!review) return emptyDraft;
  const { rating, title, body, skillLevel, playFormat, playStyle, usagePeriod } = review;
  return { rating: String(rating), title, body, skillLevel, playFormat, playStyle, usagePeriod };
}

/** Write or edit the customer's one review of the product; photos go up after the text is saved. */
export function ReviewForm({ productId, existing, onDone }: { productId: number; existing: OwnReview | null; onDone: (saved: OwnReview) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(existing));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [removePhotoIds, setRemovePhotoIds] = useState<number[]>([]);
  const save = useSaveReview(productId, existing);
  const keptPhotos = (existing?.photos ?? []).filter((photo) => !removePhotoIds.includes(photo.id));
  const room = MAX_REVIEW_PHOTOS - keptPhotos.length;
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ReviewInput.safeParse({ ...draft, rating: draft.rating ? Number(draft.rating) : undefined });
    if (!parsed.success) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft;
        found[field] ??= (draft[field] === '' || field === 'rating' ? CHOOSE[field] : undefined) ?? issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ review: parsed.data, photos: photos.slice(0, room), removePhotoIds }, { onSuccess: onDone });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4"
      aria-label={existing ? 'Edit your review' : 'Write a review'}
    >
      <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className="text-sm font-medium text-gray-900">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label key={stars} className="inline-flex items-center gap-1.5 text-sm text-gray-800">
              <input type="radio" name="rating" value={stars} checked={draft.rating === String(stars)} onChange={set('rating')} />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" className="mt-1 text-sm text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <FormField label="Title" error={errors.title}>
        <Input value={draft.title} onChange={set('title')} maxLength={REVIEW_TITLE_MAX} />
      </FormField>
      <FormField label="Your review" error={errors.body} hint={`Plain text, at most ${REVIEW_BODY_MAX} characters.`}>
        <Textarea value={draft.body} onChange={set('body')} rows={5} maxLength={REVIEW_BODY_MAX} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Skill level" error={errors.skillLevel}>
          <Select value={draft.skillLevel} onChange={set('skillLevel')}>
            <option value="">Choose…</option>
            {SKILL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Singles or doubles" error={errors.playFormat}>
          <Select value={draft.playFormat} onChange={set('playFormat')}>
            <option value="">Choose…</option>
            {PLAY_FORMATS.map((format) => (
              <option key={format} value={format}>
                {PLAY_FORMAT_LABELS[format]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Play style" error={errors.playStyle}>
          <Select value={draft.playStyle} onChange={set('playStyle')}>
            <option value="">Choose…</option>
            {PLAY_STYLES.map((style) => (
              <option key={style} value={style}>
                {PLAY_STYLE_LABELS[style]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="How long you have used it" error={errors.usagePeriod}>
          <Select value={draft.usagePeriod} onChange={set('usagePeriod')}>
            <option value="">Choose…</option>
            {USAGE_PERIODS.map((period) => (
              <option key={period} value={period}>
                {USAGE_PERIOD_LABELS[period]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {keptPhotos.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label="Your photos">
          {keptPhotos.map((photo, index) => (
            <li key={photo.id} className="grid gap-1 text-center">
              <img
                src={photo.url.replace(/\.webp$/, '-thumb.webp')}
                alt={`Your photo ${index + 1}`}
                className="h-16 w-16 rounded object-cover"
                width={64}
                height={64}
              />
              <Button type="button" variant="outline" size="sm" onClick={() => setRemovePhotoIds([...removePhotoIds, photo.id])}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <FormField label="Photos (optional)" hint={`Up to ${room} more: JPEG, PNG, WebP, GIF or AVIF, at most 5 MB each.`}>
          <Input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            multiple
            onChange={(event) => setPhotos([...(event.target.files ?? [])].slice(0, room))}
          />
        </FormField>
      ) : null}
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : existing ? 'Update review' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}
