/** The searches the bench measures (bench.ts) and explains (explain-search.ts). */
export interface SearchMix {
  name: string;
  /** The query string of search.php; REGION stands for the id of the province of Utrecht. */
  query: string;
  /** Walk this many pages first and measure the next one (a deep page). */
  skipPages?: number;
  /**
   * Measured again with BENCH_BOOSTS boosts running in the province of Utrecht (issue 38 item 3),
   * beside its plain row: the region's boosted members first on page 1 (the region filter's, or
   * the demo member's own: Utrecht), and left out of every page's usual order.
   */
  boosted?: true;
}

/** How many boosts run in the province of Utrecht for the boosted search rows (bench.ts). */
export const BENCH_BOOSTS = Number(process.env.BENCH_BOOSTS ?? 20);

export const SEARCH_MIXES: SearchMix[] = [
  { name: 'broad: women in NL, page 1', query: 'gender=female&country=NL', boosted: true },
  {
    name: 'broad: women in NL, page 41 (after 960)',
    query: 'gender=female&country=NL',
    skipPages: 40,
    boosted: true,
  },
  {
    name: 'narrow: women in the province of Utrecht, 25-35, with a photo, page 1',
    query: 'gender=female&country=NL&countryregion=REGION&min_age=25&max_age=35&with_photo=1',
    boosted: true,
  },
  { name: 'distance: women within 25 km (Utrecht), page 1', query: 'gender=female&distance=25' },
  {
    name: 'rare: women in NZ, 63-69, with a photo, page 1',
    query: 'gender=female&country=NZ&min_age=63&max_age=69&with_photo=1',
  },
  {
    // the partial index profiles_list_verified_idx (issue 35: "Alleen geverifieerd")
    name: 'verified only: women in NL, verified, page 1',
    query: 'gender=female&country=NL&verified=1',
  },
];
