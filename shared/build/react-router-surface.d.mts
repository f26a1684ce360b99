export const REACT_ROUTER_SURFACE: string[];
