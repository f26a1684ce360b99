export const REACT_QUERY_SURFACE: string[];
