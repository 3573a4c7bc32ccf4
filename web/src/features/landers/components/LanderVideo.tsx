import { useRef, useState } from 'react';
import { useLanderTranslation } from '../i18n';
import { Icon } from './Icons';

/**
 * A short video made for the site (web/landers/make-video.mjs): muted, loaded only when played
 * (its poster until then), never playing by itself; one button plays and pauses it.
 */
export function LanderVideo({ name, label }: { name: 'hearts' | 'transitions'; label: string }) {
  const { t } = useLanderTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return (
    <figure className="lander-video mb-0">
      <video
        ref={video}
        className="lander-video__media"
        muted
        playsInline
        loop
        preload="none"
        poster={`/landers/${name}.webp`}
        width={640}
        height={360}
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      >
        <source src={`/landers/${name}.webm`} type="video/webm" />
        <source src={`/landers/${name}.mp4`} type="video/mp4" />
      </video>
      <button
        type="button"
        className={`lander-video__toggle btn btn-light rounded-circle shadow ${playing ? 'lander-video__toggle--playing' : ''}`}
        onClick={toggle}
        aria-label={playing ? t('video.pause') : t('video.play')}
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
    </figure>
  );
}
