/**
 * The public half of the key that signs Meshdeck licences (decision 041). Only the public key ships: licences are
 * verified offline against it, and the private half never enters this repository. Rotating the signing key means
 * replacing this constant in a release; tests bring their own key pair through LICENSE_TEST_PUBLIC_KEY.
 */
export const LICENSE_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEA0LZQeX1sXTRjqq9WCCAXO+P1U5IOt7ECxGlcDPyW9tY=
-----END PUBLIC KEY-----
`;
