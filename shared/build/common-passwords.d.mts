export function commonPasswordsPassingBasicRule(): Promise<string[]>;
