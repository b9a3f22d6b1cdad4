export { CreateBookDto, CreateReviewDto, UpdateReviewDto } from './input.dto.js';
export { AuthorDto, adminOnly, BookDto, ReviewDto, staffOnly, UserDto } from './library.dto.js';
export { toAuthorDto, toBookDto, toReviewDto } from './mappers.js';
