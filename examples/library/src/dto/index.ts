export { CreateBookDto, UpdateBookDto } from './book-input.dto.js';
export { AuthorDto, BookDto, ReviewDto, staffOnly, UserDto } from './library.dto.js';
export { type MapOptions, toAuthorDto, toBookDto, toReviewDto, toUserDto } from './mappers.js';
