/**
 * The emoji picker itself, loaded only when a member opens it (EmojiButton imports this module
 * dynamically): emoji-picker-element (a web component), its labels in the member's language and
 * the emoji data of that language, served by this site (never a CDN) and kept by the component
 * in IndexedDB after the first time.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Picker from 'emoji-picker-element/picker.js';
import type { EmojiClickEvent, I18n } from 'emoji-picker-element/shared';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../../config/constants';
import nlData from 'emoji-picker-element-data/nl/cldr/data.json?url';
import enData from 'emoji-picker-element-data/en/emojibase/data.json?url';
import deData from 'emoji-picker-element-data/de/cldr/data.json?url';
import esData from 'emoji-picker-element-data/es/cldr/data.json?url';
import frData from 'emoji-picker-element-data/fr/cldr/data.json?url';
import itData from 'emoji-picker-element-data/it/cldr/data.json?url';
import plData from 'emoji-picker-element-data/pl/cldr/data.json?url';

/** Each language's emoji names and keywords (CLDR), a JSON file among the built assets. */
const DATA: Record<Language, string> = {
  nl: nlData,
  en: enData,
  de: deData,
  es: esData,
  fr: frData,
  it: itData,
  pl: plData,
};

/** The component's own translations (categories, skin tones), one small chunk per language. */
const LABELS: Record<Language, () => Promise<{ default: I18n }>> = {
  nl: () => import('emoji-picker-element/i18n/nl.js'),
  en: () => import('emoji-picker-element/i18n/en.js'),
  de: () => import('emoji-picker-element/i18n/de.js'),
  es: () => import('emoji-picker-element/i18n/es.js'),
  fr: () => import('emoji-picker-element/i18n/fr.js'),
  it: () => import('emoji-picker-element/i18n/it.js'),
  pl: () => import('emoji-picker-element/i18n/pl.js'),
};

function languageOf(language: string): Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language)
    ? (language as Language)
    : DEFAULT_LANGUAGE;
}

export interface EmojiPickerPanelProps {
  /** The chosen emoji (with the chosen skin tone). */
  onPick: (emoji: string) => void;
}

/** Mounts the picker, focuses its search box and reports each chosen emoji. */
export default function EmojiPickerPanel({ onPick }: EmojiPickerPanelProps) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [labels, setLabels] = useState<{ language: Language; i18n: I18n } | null>(null);

  useEffect(() => {
    let live = true;
    void LABELS[language]().then((module) => {
      if (live) setLabels({ language, i18n: module.default });
    });
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    const container = host.current;
    if (!container || !labels || labels.language !== language) return;
    const picker = new Picker({
      locale: language,
      dataSource: DATA[language],
      // the texts a member reads or hears most come from our catalogues (in our tone);
      // category and skin tone names from the component's own translation
      i18n: {
        ...labels.i18n,
        regionLabel: t('chat.emoji.title'),
        searchLabel: t('chat.emoji.search'),
        searchDescription: t('chat.emoji.searchHint'),
        searchResultsLabel: t('chat.emoji.results'),
        loadingMessage: t('chat.emoji.loading'),
        networkErrorMessage: t('chat.emoji.error'),
        emojiUnsupportedMessage: t('chat.emoji.unsupported'),
      },
    });
    // the site has no dark colour mode: the picker must not follow the system's
    picker.classList.add('light');
    const onClick = (event: EmojiClickEvent) => {
      if (event.detail.unicode) pick.current(event.detail.unicode);
    };
    picker.addEventListener('emoji-click', onClick);
    container.appendChild(picker);
    // its search box gets the focus as soon as the component has drawn it
    let frames = 0;
    let frame = requestAnimationFrame(function focusSearch() {
      const search = picker.shadowRoot?.querySelector<HTMLInputElement>('input[type="search"]');
      if (search) search.focus();
      else if (frames++ < 60) frame = requestAnimationFrame(focusSearch);
    });
    return () => {
      cancelAnimationFrame(frame);
      picker.removeEventListener('emoji-click', onClick);
      picker.remove();
    };
  }, [labels, language, t]);

  return (
    <div ref={host} className="chat-emoji__picker" data-testid="emoji-picker">
      {!labels && (
        <div className="d-flex justify-content-center p-4" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          <span>{t('chat.emoji.loading')}</span>
        </div>
      )}
    </div>
  );
}
