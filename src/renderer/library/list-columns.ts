/** The list view's columns, shared by its header and rows (one CSS grid template). */
export const listColumns = ['Name', 'Type', 'Size', 'Dimensions / duration', 'Tags', 'Added', 'Sync'] as const;
export const LIST_TEMPLATE = 'minmax(120px, 3fr) 70px 76px minmax(90px, 1.3fr) minmax(60px, 1.5fr) 92px 80px';
export const LIST_ROW_HEIGHT = 36;
