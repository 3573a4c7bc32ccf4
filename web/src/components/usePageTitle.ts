import { useEffect } from 'react';
import { useSettings } from '../api/settings';

/** Sets the document title as "<page> | <site name>". */
export function usePageTitle(title: string | undefined) {
  const { name } = useSettings();
  useEffect(() => {
    document.title = title ? `${title} | ${name}` : name;
  }, [title, name]);
}
