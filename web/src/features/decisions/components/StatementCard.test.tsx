import { render, screen } from '@testing-library/react';
import type { StatementView } from '@app/contract';
import { StatementCard } from './StatementCard';

const statement = (overrides: Partial<StatementView>): StatementView => ({
  id: 1,
  kind: 'warning',
  item: 'account',
  item_id: null,
  ground: 'harassment',
  section: 7,
  explanation: 'Let op je taal',
  automated_detection: false,
  decided_at: '2026-11-29T10:00:00.000Z',
  reversed_at: null,
  appeal_until: '2027-05-30T10:00:00.000Z',
  appeal: null,
  ...overrides,
});

describe('a statement of reasons', () => {
  it("tells a photo's rejection by its reason's text in the member's language, not its code", () => {
    render(
      <StatementCard
        statement={statement({
          kind: 'photo_rejected',
          item: 'photo',
          item_id: 4,
          ground: 'sexual_content',
          explanation: 'nudity',
          automated_detection: true,
        })}
        token={null}
        onAppealed={() => undefined}
      />,
    );
    expect(
      screen.getByText("Naakt of seksueel getinte foto's zijn niet toegestaan."),
    ).toBeVisible();
    expect(screen.queryByText('nudity')).toBeNull();
  });

  it("keeps a moderator's own words as they are", () => {
    render(<StatementCard statement={statement({})} token={null} onAppealed={() => undefined} />);
    expect(screen.getByText('Let op je taal')).toBeVisible();
  });
});
