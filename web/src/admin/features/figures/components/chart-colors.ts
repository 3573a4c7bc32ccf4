/** The charts' series colours, in the order series take them. */
export const COLORS = ['#b0235f', '#1f5fa8', '#2e7d32', '#b45309', '#6a1b9a', '#00777f', '#5d4037'];
