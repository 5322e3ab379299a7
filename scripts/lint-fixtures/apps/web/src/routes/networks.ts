export const networksPath = '/networks';
