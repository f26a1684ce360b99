export { Layout, default } from './Layout.tsx';
export { LayoutView, type LayoutViewProps } from './LayoutView.tsx';
export { AccountMenu, type AccountMenuProps } from './AccountMenu.tsx';
export { FOOTER_GROUPS, PRIMARY_NAV, ACCOUNT_MENU, layoutPaths } from './navigation.ts';
