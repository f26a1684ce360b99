export declare function categoryLabelWith(translate: (id: string, english: string) => string, category: string): string;
export declare const capitalised: (words: string) => string;
