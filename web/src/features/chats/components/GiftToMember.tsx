import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Gift } from '@app/contract';
import { useUser } from '../../../api/user';
import type { ChatRouteState } from '../model/route-state';
import { InsufficientCreditsModal } from './ChatModals';
import { GiftPicker } from './GiftPicker';

/**
 * The gift picker opened from a member's profile. The chosen gift is sent in the conversation
 * with that member (which it starts when there is none) by the conversation's own send, so it is
 * paid, refused and shown as every gift is; the member lands in that conversation. A gift the
 * balance does not cover opens the insufficient-credits modal here instead (the server decides
 * in the end: a refusal there shows the same modal in the conversation).
 */
export function GiftToMember({
  member,
  open,
  onClose,
}: {
  member: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { user } = useUser();
  const [shortFor, setShortFor] = useState<number | null>(null);

  const pick = (gift: Gift) => {
    onClose();
    if (user && user.credits < gift.credits) {
      setShortFor(gift.credits);
      return;
    }
    const state: ChatRouteState = { gift: gift.id };
    void navigate(`/members/${member.id}/chat`, { state });
  };

  return (
    <>
      <GiftPicker open={open} name={member.name} onClose={onClose} onPick={pick} />
      <InsufficientCreditsModal
        open={shortFor !== null}
        onClose={() => setShortFor(null)}
        needed={shortFor ?? undefined}
        balance={user?.credits}
        gift
      />
    </>
  );
}
