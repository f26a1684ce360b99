/// <reference path="./css-modules.d.ts" />
// Stitchhouse UI primitives. Import from '@stitchhouse/shared/ui/index.ts'.
export { Alert, Notice, alertRole, type AlertProps, type AlertTone } from './Alert.tsx';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button.tsx';
export { Card, type CardProps } from './Card.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox.tsx';
export { CoverGrid } from './CoverGrid.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { Field, type FieldProps, type FieldControlProps } from './Field.tsx';
export { LinkButton, type LinkButtonProps } from './LinkButton.tsx';
export { QueryState, type QueryStateProps, type QueryStateQuery } from './QueryState.tsx';
export { PageHeading, type PageHeadingProps } from './PageHeading.tsx';
export { Progress, type ProgressProps } from './Progress.tsx';
export { Select, type SelectOption, type SelectProps } from './Select.tsx';
export { Skeleton, type SkeletonProps } from './Skeleton.tsx';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { TextArea, TextField, type TextAreaProps, type TextFieldProps } from './TextField.tsx';
export { VisuallyHidden, type VisuallyHiddenProps } from './VisuallyHidden.tsx';
export { cx, describedBy } from './classNames.ts';
export { contrastRatio } from './contrast.ts';
export { shouldFocusHeading } from './focus.ts';
export { formatBytes, progressPercent } from './progress.ts';
