// The rules of an upcoming ('Currently') card. Pure: shared with the client.
import { messages } from './messages.ts';
import { unstorableTextError } from './text-rules.ts';

export const UPCOMING_TITLES = ['Reading', 'Watching', 'Playing'] as const;
export type UpcomingTitleValue = (typeof UPCOMING_TITLES)[number];
export const UPCOMING_SUBTITLE_MAX = 45;

export interface UpcomingFields {
  title?: string | null;
  subtitle?: string | null;
}

export type UpcomingFieldErrors = Partial<Record<'title' | 'subtitle' | 'image', string>>;

export function validateUpcomingFields(fields: UpcomingFields): UpcomingFieldErrors {
  const errors: UpcomingFieldErrors = {};
  if (!fields.title) errors.title = messages.chooseOption;
  else if (!(UPCOMING_TITLES as readonly string[]).includes(fields.title)) errors.title = messages.notValidOption;
  const subtitle = fields.subtitle?.trim() ?? '';
  const unstorableSubtitle = unstorableTextError(subtitle);
  if (unstorableSubtitle) errors.subtitle = unstorableSubtitle;
  else if (subtitle === '') errors.subtitle = messages.required;
  else if (subtitle.length > UPCOMING_SUBTITLE_MAX) errors.subtitle = messages.maxLength45;
  return errors;
}
