export * from './accounts';
export * from './audit';
export * from './contact-fields';
export * from './inbox';
export * from './sandbox';
export * from './saved-messages';
export * from './system';
export * from './teams';
