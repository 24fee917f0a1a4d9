// The card titles as the spec words them (Reading, Watching, Playing) and as the API's enum has them.
import { UPCOMING_TITLES, type UpcomingTitleValue } from '#kernel/upcoming-rules.ts';
import type { UpcomingTitle } from '../../gql/graphql';

export const TITLE_OPTIONS: ReadonlyArray<{ label: UpcomingTitleValue; value: UpcomingTitle }> = UPCOMING_TITLES.map(
  (label) => ({ label, value: label.toUpperCase() as UpcomingTitle }),
);

export function titleLabel(value: UpcomingTitle): string {
  return TITLE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}
