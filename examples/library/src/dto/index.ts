export { CreateBookDto, UpdateBookDto } from './book-input.dto.js';
export { AuthorDto, BookDto, ReviewDto, staffOnly, UserDto } from './library.dto.js';
export { toAuthorDto, toBookDto, toReviewDto } from './mappers.js';
