export { CreateBookDto, UpdateBookDto } from './book-input.dto.js';
export { AuthorDto, BookDto, ReviewDto, staffOnly } from './library.dto.js';
export { type MapOptions, toAuthorDto, toBookDto, toReviewDto } from './mappers.js';
