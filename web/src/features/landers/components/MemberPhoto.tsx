import type { LanderMember } from '@app/contract';
import { useLanderTranslation } from '../i18n';

/** Eight soft gradients for members without a photo; a member keeps theirs (by id). */
const TONES = 8;

/**
 * A member's main photo as visitors may see it (the server applied the photo rule): the card
 * photo, a locked thumbnail blurred under a lock, or the initial on a gradient. Square, with
 * width and height so nothing shifts while it loads; `priority` for the page's largest image.
 */
export function MemberPhoto({
  member,
  priority = false,
  className = '',
  small = false,
}: {
  member: Pick<LanderMember, 'id' | 'name' | 'main_image'>;
  priority?: boolean;
  className?: string;
  /** A small round photo: the thumbnail is enough. */
  small?: boolean;
}) {
  const { t } = useLanderTranslation();
  const image = member.main_image;
  if (!image) {
    return (
      <span
        className={`lander-photo lander-photo--none lander-photo--tone-${member.id % TONES} ${small ? 'lander-photo--round' : ''} ${className}`}
        aria-hidden="true"
      >
        {member.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <span
      className={`lander-photo ${small ? 'lander-photo--round' : ''} ${image.locked ? 'lander-photo--locked' : ''} ${className}`}
    >
      <img
        src={small ? image.thumb_filename : image.filename}
        alt={t('photoAlt', { name: member.name })}
        width={400}
        height={400}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
      />
    </span>
  );
}
