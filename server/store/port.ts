// The storage port lives in src/core (shared with the mocks' in-memory store); the server's code
// keeps importing it from here.
export * from '../../src/core/store/port.ts';
